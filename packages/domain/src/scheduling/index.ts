export * from './scheduleOverlap.ts';
