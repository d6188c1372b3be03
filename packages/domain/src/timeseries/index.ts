export * from './aggregation.ts';
export * from './buckets.ts';
export * from './gapFill.ts';
export * from './m4.ts';
export * from './merge.ts';
export * from './regions.ts';
export * from './series.ts';
export * from './validation.ts';
