import { z } from 'zod';
import { logRecordSchema } from '@kelvin/contract';
import {
  levelOfRank,
  type DeviceLogPage,
  type DeviceLogQuery,
  type LogSourceCount,
  type StoredDeviceLog,
} from './deviceLogStore.ts';
import { logSourcesSql, logWindowSql, type LogSqlDialect } from './sql/logSql.ts';

/** A row of LOG_COLUMNS as an engine reads it: 64-bit integers as numbers, fields as stored JSON text. */
export interface LogRow {
  ts: number;
  seq: number;
  level: number;
  source: string;
  message: string;
  fields: string;
}

export interface LogSqlEngine {
  dialect: LogSqlDialect;
  selectLogs(sql: string): Promise<LogRow[]>;
  selectSources(sql: string): Promise<LogSourceCount[]>;
}

/**
 * The newest page is looked for in a window of the last hour first, then in windows growing fourfold back to
 * `from`: they read what the page needs, and when little matches (a rare text) they read the range about once, in
 * at most eight queries for a month. ClickHouse 18.16 cannot stop reading early for ORDER BY ts DESC LIMIT n, and
 * DuckDB carries every column of every matching row through its top-n: for a day's newest page of the chattiest
 * unit of 3 M entries, one query took 10-18 ms, the windows 4-7 ms (8 ms of 10 M entries: bench/logsSearch.ts).
 */
const FIRST_WINDOW_MS = 3_600_000;
const WINDOW_GROWTH = 4;

const storedFields = logRecordSchema.shape.fields;

function fieldsOf(text: string): StoredDeviceLog['fields'] {
  if (text === '') return {};
  const parsed = storedFields.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : {};
}

function toEntry(assetId: number, row: LogRow): StoredDeviceLog {
  return {
    assetId,
    ts: row.ts,
    seq: row.seq,
    level: levelOfRank(row.level),
    source: row.source,
    message: row.message,
    fields: fieldsOf(row.fields),
  };
}

/** Newest first from the top of the range (or the cursor) down to `from`, window by window. */
async function newestFirst(engine: LogSqlEngine, query: DeviceLogQuery): Promise<LogRow[]> {
  const wanted = query.limit + 1;
  const ceiling = Math.min(query.to ?? Infinity, query.before ? query.before.ts + 1 : Infinity);
  // Without an upper bound the windows start at now: entries a little ahead (unit clocks) are in the first.
  const start = Number.isFinite(ceiling) ? ceiling : Date.now();
  const rows: LogRow[] = [];
  let upper: number | null = Number.isFinite(ceiling) ? ceiling : null;
  let size = FIRST_WINDOW_MS;
  while (rows.length < wanted) {
    const lower = Math.max(query.from, start - size);
    const sql = logWindowSql(engine.dialect, query, { lower, upper }, wanted - rows.length);
    rows.push(...(await engine.selectLogs(sql)));
    if (lower <= query.from) break;
    upper = lower;
    size *= WINDOW_GROWTH;
  }
  return rows;
}

/** `DeviceLogStore.query` for a SQL engine: newest first, keyset-paged, `hasMore` from one extra row. */
export async function runLogQuery(engine: LogSqlEngine, query: DeviceLogQuery): Promise<DeviceLogPage> {
  if (query.to !== undefined && query.to <= query.from) return { entries: [], hasMore: false };
  let rows: LogRow[];
  if (query.after) {
    const window = { lower: Math.max(query.from, query.after.ts), upper: query.to ?? null };
    rows = await engine.selectLogs(logWindowSql(engine.dialect, query, window, query.limit + 1));
  } else {
    rows = await newestFirst(engine, query);
  }
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  // `after` reads oldest first so that a tail that fell behind catches up without gaps; pages are newest first.
  if (query.after) page.reverse();
  return { entries: page.map((row) => toEntry(query.assetId, row)), hasMore };
}

export function runLogSources(
  engine: LogSqlEngine,
  query: { assetId: number; from: number; to?: number | undefined; limit: number },
): Promise<LogSourceCount[]> {
  if (query.to !== undefined && query.to <= query.from) return Promise.resolve([]);
  return engine.selectSources(logSourcesSql(engine.dialect, query));
}

/** 64-bit integers arrive as bigint from DuckDB and as quoted text from ClickHouse's JSON. */
export const int64 = z.union([
  z.number(),
  z.bigint().transform(Number),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
