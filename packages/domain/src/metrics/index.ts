export * from './metricTree.ts';
export * from './metricFormat.ts';
export * from './metricCommands.ts';
