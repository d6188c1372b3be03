export * from './ruleVerdict.ts';
export * from './alertLifecycle.ts';
export * from './queryExpression.ts';
