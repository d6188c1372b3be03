export * from './maintenanceWindowState.ts';
export * from './maintenanceCoverage.ts';
