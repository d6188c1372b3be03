/** The device logs' constants without schemas, for the browser (see ticketValues.ts). */

/**
 * Log levels from least to most severe, as syslog-style agents and most logging libraries name them. Stored as
 * their rank (1-6), so a filter such as "WARN and worse" is a comparison.
 */
export const logLevels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export type LogLevel = (typeof logLevels)[number];

export const LOGS_INGEST_MAX_RECORDS = 10_000;
export const LOG_MESSAGE_MAX_CHARS = 4000;
export const LOG_SOURCE_MAX_CHARS = 100;
export const LOG_FIELDS_MAX_KEYS = 32;
export const LOG_SEARCH_MAX_CHARS = 200;
/** Records per page of `deviceLogs.list`. */
export const LOGS_PAGE_MAX = 500;
export const LOGS_PAGE_DEFAULT = 100;
