export * from './constants.ts';
export * from './environment.ts';
export * from './permissions.ts';
export * from './users.ts';
export * from './timeseries/index.ts';
export * from './assets/index.ts';
export * from './live/index.ts';
