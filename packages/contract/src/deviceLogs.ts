import { z } from 'zod';
import { dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { ingestResultSchema } from './telemetry.ts';
import {
  logLevels,
  LOGS_INGEST_MAX_RECORDS,
  LOG_MESSAGE_MAX_CHARS,
  LOG_SOURCE_MAX_CHARS,
  LOG_FIELDS_MAX_KEYS,
  LOG_SEARCH_MAX_CHARS,
  LOGS_PAGE_MAX,
  LOGS_PAGE_DEFAULT,
} from './deviceLogValues.ts';

/** Flat key → value pairs an agent adds to a record (register numbers, set points, error codes). */
export const logFieldsSchema = z
  .record(
    z
      .string()
      .min(1)
      .max(64, 'A field name is at most 64 characters')
      .regex(/^[\w.:-]+$/, 'A field name holds letters, digits, _ . : and - only'),
    z.union([z.string().max(1000), z.number().refine(Number.isFinite, 'must be finite'), z.boolean()]),
  )
  .refine((fields) => Object.keys(fields).length <= LOG_FIELDS_MAX_KEYS, {
    message: `A record has at most ${LOG_FIELDS_MAX_KEYS} fields`,
  });
export type LogFields = z.infer<typeof logFieldsSchema>;

/** One record as an agent sends it. */
export const logRecordInputSchema = z.strictObject({
  assetId: dbId,
  /** Epoch milliseconds. */
  ts: z.number().int().min(0),
  level: z.enum(logLevels),
  /** What wrote the line on the unit: 'controller', 'compressor.1', 'modbus', ... */
  source: z.string().trim().min(1).max(LOG_SOURCE_MAX_CHARS),
  message: z.string().min(1).max(LOG_MESSAGE_MAX_CHARS),
  fields: logFieldsSchema.optional(),
});
export type LogRecordInput = z.infer<typeof logRecordInputSchema>;

/**
 * A record's id is also its place in the newest-first order (time, then a tie-breaker): pass it as `before` for
 * the page after it, or as `after` for what arrived since (live tail). Opaque to clients.
 */
export const logRecordIdSchema = z
  .string()
  .regex(/^\d{1,15}-\d{1,16}$/, 'Expected a log record id as returned by deviceLogs.list');

export const logRecordSchema = z.object({
  id: z.string(),
  assetId: z.number().int(),
  ts: z.number().int(),
  level: z.enum(logLevels),
  source: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

const logRange = {
  assetId: dbId,
  /** [from, to) in epoch milliseconds; without `to`, up to the newest record (a live tail). */
  from: z.number().int().min(0),
  to: z.number().int().min(0).optional(),
};

export const logsListBodySchema = z
  .strictObject({
    ...logRange,
    /** Any of these levels; all levels when absent or empty. */
    levels: z.array(z.enum(logLevels)).max(logLevels.length).optional(),
    /** Any of these sources; all sources when absent or empty. */
    sources: z.array(z.string().min(1).max(LOG_SOURCE_MAX_CHARS)).max(100).optional(),
    /** Case-insensitive substring of the message or the source. */
    search: z.string().max(LOG_SEARCH_MAX_CHARS).optional(),
    /** The page older than this record (keyset paging: as fast on the thousandth page as on the first). */
    before: logRecordIdSchema.optional(),
    /** The records newer than this one, the oldest of them first to fill the page (live tail). */
    after: logRecordIdSchema.optional(),
    limit: z.number().int().min(1).max(LOGS_PAGE_MAX).default(LOGS_PAGE_DEFAULT),
  })
  .refine((body) => body.to === undefined || body.to > body.from, {
    message: 'to must be after from',
    path: ['to'],
  })
  .refine((body) => body.before === undefined || body.after === undefined, {
    message: 'Send before or after, not both',
    path: ['after'],
  });
export type LogsListBody = z.input<typeof logsListBodySchema>;

export const logsPageSchema = z.object({
  /** Newest first. */
  records: z.array(logRecordSchema),
  /**
   * Whether more records match beyond this page: older ones (no cursor, or `before`), or newer ones not yet
   * returned (`after`: ask again at once).
   */
  hasMore: z.boolean(),
});
export type LogsPage = z.infer<typeof logsPageSchema>;

export const logSourcesSchema = z.object({
  sources: z.array(z.object({ source: z.string(), count: z.number().int() })),
});

export const deviceLogsEndpoints = {
  deviceLogsIngest: endpoint({
    name: 'deviceLogs.ingest',
    method: 'POST',
    path: '/deviceLogs.ingest',
    summary: `Stores a batch of up to ${LOGS_INGEST_MAX_RECORDS.toLocaleString('en-US')} log records (JSON, optionally gzip-encoded) from an agent key (header x-agent-key) or a user with telemetry:write, for assets of the writer's company. Acknowledged once durable; a repeated batchId stores nothing twice. Bad records come back with a reason each; the rest is stored.`,
    auth: 'agentOrUser',
    itemsCheckedByHandler: ['records'],
    body: z.strictObject({
      batchId: z.string().min(8).max(100).optional(),
      records: z
        .array(z.unknown())
        .min(1)
        .max(LOGS_INGEST_MAX_RECORDS, `A batch holds at most ${LOGS_INGEST_MAX_RECORDS} records`),
    }),
    output: ingestResultSchema,
  }),
  deviceLogsList: endpoint({
    name: 'deviceLogs.list',
    method: 'POST',
    path: '/deviceLogs.list',
    summary:
      "One asset's log records in a time range, newest first, filtered by levels, sources and a case-insensitive text; paged by record id (before: older, after: newer). Needs assets:logs:read on the asset.",
    auth: 'user',
    body: logsListBodySchema,
    output: logsPageSchema,
  }),
  deviceLogsSources: endpoint({
    name: 'deviceLogs.sources',
    method: 'POST',
    path: '/deviceLogs.sources',
    summary:
      'The sources that wrote log records of an asset in a time range, by name, with their record counts (at most 500). Needs assets:logs:read on the asset.',
    auth: 'user',
    body: z.strictObject(logRange),
    output: logSourcesSchema,
  }),
};
