import type { DeviceLogQuery, LogCursor } from '../deviceLogStore.ts';
import { levelRank, searchNeedle } from '../deviceLogStore.ts';
import { integerList } from './pointSql.ts';

export const LOGS_TABLE = 'device_logs';
/** Columns every log query reads, in this order (rows are read back by position). */
export const LOG_COLUMNS = 'ts, seq, level, source, message, fields';

/** Where DuckDB and ClickHouse 18.16 differ for logs: string literals and the substring test. */
export interface LogSqlDialect {
  /** A string constant. */
  text(value: string): string;
  /** Whether `column` contains the constant `needle` (both already lowered). */
  contains(column: string, needle: string): string;
}

export const duckDbLogDialect: LogSqlDialect = {
  // DuckDB's standard literals have no backslash escapes: doubling quotes is the whole escaping. Stored text was
  // checked storable (no NUL, no lone surrogate) by the contract.
  text: (value) => `'${value.replaceAll("'", "''")}'`,
  contains: (column, needle) => `contains(${column}, ${duckDbLogDialect.text(needle)})`,
};

export const clickHouseLogDialect: LogSqlDialect = {
  // Hex keeps arbitrary text out of the SQL (18.16 has no query parameters), as for batch ids.
  text: (value) => `unhex('${Buffer.from(value, 'utf8').toString('hex')}')`,
  contains: (column, needle) => `position(${column}, ${clickHouseLogDialect.text(needle)}) > 0`,
};

function checkedInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return value;
}

/** The filters of a query but time and cursor: asset, levels, sources, search. */
function filterSql(dialect: LogSqlDialect, query: DeviceLogQuery): string[] {
  const conditions = [`asset_id = ${checkedInteger(query.assetId)}`];
  if (query.levels && query.levels.length > 0)
    conditions.push(`level IN (${integerList(query.levels.map(levelRank))})`);
  if (query.sources && query.sources.length > 0)
    conditions.push(`source IN (${query.sources.map((source) => dialect.text(source)).join(', ')})`);
  const needle = searchNeedle(query.search);
  if (needle !== null) conditions.push(dialect.contains('search', needle));
  return conditions;
}

/**
 * Keyset conditions: (ts, seq) before or after a cursor, written so that the plain `ts` bound alone already
 * prunes row groups and granules by time.
 */
function cursorSql(cursor: LogCursor, direction: 'before' | 'after'): string {
  const ts = checkedInteger(cursor.ts);
  const seq = checkedInteger(cursor.seq);
  return direction === 'before'
    ? `ts <= ${ts} AND (ts < ${ts} OR seq < ${seq})`
    : `ts >= ${ts} AND (ts > ${ts} OR seq > ${seq})`;
}

/** Entries in [lower, upper) matching the query, newest first (or oldest first with `after`). */
export function logWindowSql(
  dialect: LogSqlDialect,
  query: DeviceLogQuery,
  window: { lower: number; upper: number | null },
  limit: number,
): string {
  const conditions = filterSql(dialect, query);
  conditions.push(`ts >= ${checkedInteger(window.lower)}`);
  if (window.upper !== null) conditions.push(`ts < ${checkedInteger(window.upper)}`);
  if (query.before) conditions.push(cursorSql(query.before, 'before'));
  if (query.after) conditions.push(cursorSql(query.after, 'after'));
  const order = query.after ? 'ts ASC, seq ASC' : 'ts DESC, seq DESC';
  return `SELECT ${LOG_COLUMNS} FROM ${LOGS_TABLE}
  WHERE ${conditions.join(' AND ')}
  ORDER BY ${order}
  LIMIT ${checkedInteger(limit)}`;
}

export function logSourcesSql(
  dialect: LogSqlDialect,
  query: { assetId: number; from: number; to?: number | undefined; limit: number },
): string {
  const upper = query.to === undefined ? '' : ` AND ts < ${checkedInteger(query.to)}`;
  return `SELECT source, count(*) AS n FROM ${LOGS_TABLE}
  WHERE asset_id = ${checkedInteger(query.assetId)} AND ts >= ${checkedInteger(query.from)}${upper}
  GROUP BY source
  ORDER BY source
  LIMIT ${checkedInteger(query.limit)}`;
}

export function logRetentionCondition(cutoff: number): string {
  return `ts < ${checkedInteger(cutoff)}`;
}
