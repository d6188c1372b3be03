export * from './ticketEnums.ts';
export * from './consumableLock.ts';
