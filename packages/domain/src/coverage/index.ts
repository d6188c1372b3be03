export * from './coverageDates.ts';
export * from './coverageOn.ts';
export * from './billingCoverage.ts';
