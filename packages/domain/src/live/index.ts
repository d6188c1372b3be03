export * from './liveSubscriberState.ts';
