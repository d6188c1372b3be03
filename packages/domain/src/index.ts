export * from './constants.ts';
export * from './environment.ts';
export * from './permissions.ts';
export * from './users.ts';
