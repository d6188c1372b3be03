export * from './ruleVerdict.ts';
export * from './alertLifecycle.ts';
export * from './queryExpression.ts';
export * from './ruleChecks.ts';
export * from './conditionText.ts';
