export * from './duration.ts';
export * from './ticketEnums.ts';
