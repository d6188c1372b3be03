export * from './metricTree.ts';
export * from './metricFormat.ts';
