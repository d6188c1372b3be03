export * from './scheduleOverlap.ts';
export * from './calendarFeedWindow.ts';
