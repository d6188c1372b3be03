export * from './timeRanges.ts';
export * from './zoomHistory.ts';
export * from './timeZones.ts';
export * from './diagnoseView.ts';
export * from './metricsView.ts';
export * from './viewSelection.ts';
export * from './groupEdits.ts';
