import { randomUUID } from 'node:crypto';
import type { BodyOf, deviceLogsEndpoints, LogRecord, OutputOf } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { Caller } from '../../http/contractRouter.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { DeviceLogStore, LogCursor, StoredDeviceLog } from '../../platform/timeseries/deviceLogStore.ts';
import { visibleAssetIds } from '../metrics/metricsService.ts';
import { writerOf } from '../telemetry/telemetryService.ts';
import { resolveLogRecords } from './logRecordResolver.ts';

export const ASSETS_LOGS_READ = 'assets:logs:read';
/** Sources answered for the filter: more than a person can pick from, fewer than a runaway agent could make. */
const MAX_SOURCES = 500;

type IngestRequest = BodyOf<typeof deviceLogsEndpoints.deviceLogsIngest>;
type IngestAnswer = OutputOf<typeof deviceLogsEndpoints.deviceLogsIngest>;
type ListRequest = BodyOf<typeof deviceLogsEndpoints.deviceLogsList>;
type ListAnswer = OutputOf<typeof deviceLogsEndpoints.deviceLogsList>;
type SourcesRequest = BodyOf<typeof deviceLogsEndpoints.deviceLogsSources>;
type SourcesAnswer = OutputOf<typeof deviceLogsEndpoints.deviceLogsSources>;

/**
 * `deviceLogs.ingest`: like `telemetry.ingest`, the writer (an agent: its own company; a user: their
 * telemetry:write companies) scopes the batch id, valid records are stored together in one insert, bad ones come
 * back with a reason each, and the answer waits until the store holds the batch durably.
 */
export async function ingestLogBatch(
  deps: { db: DbOrTx; logs: DeviceLogStore },
  caller: Caller,
  body: IngestRequest,
): Promise<IngestAnswer> {
  const writer = writerOf(caller);
  const batchId = body.batchId ?? randomUUID();
  const { entries, rejected } = await resolveLogRecords(deps.db, body.records, writer.companies);
  const { duplicate } = await deps.logs.insert(entries, { batchId: `${writer.scope}:${batchId}` });
  return { batchId, duplicate, accepted: entries.length, rejected };
}

/** 403 without assets:logs:read at all; 404 for an asset that is missing or outside the caller's reach. */
async function requireLogReadable(db: DbOrTx, auth: AuthContext, assetId: number): Promise<void> {
  const { missing } = await visibleAssetIds(db, auth, [assetId], ASSETS_LOGS_READ);
  if (missing.length > 0) throw notFound('Asset not found.');
}

/** A record's id is its keyset position, `${ts}-${seq}` (logRecordIdSchema checked the digits). */
export function recordId(entry: { ts: number; seq: number }): string {
  return `${entry.ts}-${entry.seq}`;
}

function cursorOf(id: string | undefined, field: 'before' | 'after'): LogCursor | undefined {
  if (id === undefined) return undefined;
  const [ts, seq] = id.split('-').map(Number);
  if (!Number.isSafeInteger(ts) || !Number.isSafeInteger(seq) || ts === undefined || seq === undefined)
    throw badField(`body.${field}`, 'Expected a log record id as returned by deviceLogs.list');
  return { ts, seq };
}

function presentRecord(entry: StoredDeviceLog): LogRecord {
  return {
    id: recordId(entry),
    assetId: entry.assetId,
    ts: entry.ts,
    level: entry.level,
    source: entry.source,
    message: entry.message,
    fields: entry.fields,
  };
}

/** `deviceLogs.list`: one asset's records, newest first, keyset-paged by record id. */
export async function listLogs(
  deps: { db: DbOrTx; logs: DeviceLogStore },
  auth: AuthContext,
  body: ListRequest,
): Promise<ListAnswer> {
  await requireLogReadable(deps.db, auth, body.assetId);
  const page = await deps.logs.query({
    assetId: body.assetId,
    from: body.from,
    to: body.to,
    levels: body.levels,
    sources: body.sources,
    search: body.search,
    before: cursorOf(body.before, 'before'),
    after: cursorOf(body.after, 'after'),
    limit: body.limit,
  });
  return { records: page.entries.map(presentRecord), hasMore: page.hasMore };
}

/** `deviceLogs.sources`: what the source filter offers for the asset and range. */
export async function listLogSources(
  deps: { db: DbOrTx; logs: DeviceLogStore },
  auth: AuthContext,
  body: SourcesRequest,
): Promise<SourcesAnswer> {
  await requireLogReadable(deps.db, auth, body.assetId);
  if (body.to !== undefined && body.to <= body.from) throw badField('body.to', 'to must be after from');
  const sources = await deps.logs.sources({ ...body, limit: MAX_SOURCES });
  return { sources };
}
