export * from './ticketEnums.ts';
