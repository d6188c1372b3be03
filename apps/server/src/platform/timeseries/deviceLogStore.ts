import { randomInt } from 'node:crypto';
import { logLevels, type LogFields, type LogLevel } from '@kelvin/contract';
import type { InsertResult } from './timeSeriesStore.ts';

/** One log line of a unit, as stored. `ts` is epoch milliseconds; `fields` is empty when the agent sent none. */
export interface DeviceLogEntry {
  assetId: number;
  ts: number;
  level: LogLevel;
  source: string;
  message: string;
  fields: LogFields;
}

/**
 * A stored entry with its tie-breaker: (ts, seq) orders entries and is unique, so it pages them (keyset paging)
 * and names them (the contract's record id is `${ts}-${seq}`).
 */
export interface StoredDeviceLog extends DeviceLogEntry {
  seq: number;
}

/** A place in the newest-first order: an entry's (ts, seq). */
export interface LogCursor {
  ts: number;
  seq: number;
}

export interface DeviceLogQuery {
  assetId: number;
  /** [from, to) in epoch milliseconds; without `to`, up to the newest entry. */
  from: number;
  to?: number | undefined;
  /** Any of these; all when absent or empty. */
  levels?: readonly LogLevel[] | undefined;
  sources?: readonly string[] | undefined;
  /** Case-insensitive substring of the source or the message; blank means no search. */
  search?: string | undefined;
  /** Entries older than this one (the next page). */
  before?: LogCursor | undefined;
  /** Entries newer than this one, the oldest of them first to fill the page (a live tail). */
  after?: LogCursor | undefined;
  limit: number;
}

export interface DeviceLogPage {
  /** Newest first. */
  entries: StoredDeviceLog[];
  /** More entries match beyond the page: older ones, or with `after` newer ones. */
  hasMore: boolean;
}

export interface LogSourceCount {
  source: string;
  count: number;
}

/**
 * Device logs in the time-series store: DuckDB embedded, ClickHouse at scale, with the same behaviour (the
 * conformance suite in deviceLogStore.conformance.ts). Inserts are exactly-once by batch id like telemetry's
 * (InsertOptions.batchId; DuckDB in the same transaction, ClickHouse checked before and recorded after) and
 * resolve once durable.
 */
export interface DeviceLogStore {
  insert(
    entries: readonly DeviceLogEntry[],
    options?: { batchId?: string | undefined },
  ): Promise<InsertResult>;
  query(query: DeviceLogQuery): Promise<DeviceLogPage>;
  /** The sources of an asset's entries in a range, by name, with their counts (at most `limit`). */
  sources(query: {
    assetId: number;
    from: number;
    to?: number | undefined;
    limit: number;
  }): Promise<LogSourceCount[]>;
  /** Deletes entries older than `maxAgeMs` before `now`. */
  applyRetention(policy: { maxAgeMs: number; now?: number }): Promise<void>;
  /** DuckDB sorts closed days by asset, so that an asset's entries are pruned by zone maps; ClickHouse: nothing. */
  compact(now?: number): Promise<void>;
}

/** Level ranks as stored (1 TRACE … 6 FATAL). */
export function levelRank(level: LogLevel): number {
  return logLevels.indexOf(level) + 1;
}

export function levelOfRank(rank: number): LogLevel {
  const level = logLevels[rank - 1];
  if (level === undefined) throw new Error(`Unknown stored log level ${rank}`);
  return level;
}

/**
 * Entries of one insert share a random base and count up from it: unique without coordination between server
 * processes, in arrival order within a batch (two lines of one millisecond keep their order), and below 2^53.
 */
const SEQ_INDEX_BITS = 20;
export const MAX_INSERT_ENTRIES = 2 ** SEQ_INDEX_BITS;

export function seqBase(): number {
  return randomInt(2 ** 32) * MAX_INSERT_ENTRIES;
}

/**
 * What the search runs over, lowered once at insert: a case-insensitive match is then a plain substring test,
 * three times faster on DuckDB than lowering every message per query (measured on 10 M entries). The needle is
 * lowered by the same function, so both sides agree for every script.
 */
export function searchTextOf(entry: { source: string; message: string }): string {
  return `${entry.source}\n${entry.message}`.toLowerCase();
}

export function searchNeedle(search: string | undefined): string | null {
  const needle = search?.trim().toLowerCase() ?? '';
  return needle === '' ? null : needle;
}

/** Why an entry cannot be stored, or null: callers validate against the contract first; this guards the SQL. */
export function logEntryProblem(entry: DeviceLogEntry): string | null {
  if (!Number.isSafeInteger(entry.assetId) || entry.assetId <= 0) return `Invalid assetId ${entry.assetId}`;
  if (!Number.isSafeInteger(entry.ts) || entry.ts < 0) return `Invalid ts ${entry.ts}`;
  if (!logLevels.includes(entry.level)) return `Invalid level ${entry.level}`;
  if (entry.source === '' || entry.message === '') return 'Empty source or message';
  return null;
}

export function fieldsText(fields: LogFields): string {
  return Object.keys(fields).length === 0 ? '' : JSON.stringify(fields);
}
