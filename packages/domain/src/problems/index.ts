export * from './ruleVerdict.ts';
export * from './alertLifecycle.ts';
