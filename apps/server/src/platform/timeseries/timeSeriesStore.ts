import type { Aggregation, DataRegion, SeriesColumns, SeriesSource } from '@kelvin/domain';
import type { DeviceLogStore } from './deviceLogStore.ts';

/** One reading. `ts` is epoch milliseconds; `status` defaults to 1 (spec: Metric value). */
export interface TimeSeriesPoint {
  assetId: number;
  metricId: number;
  ts: number;
  value: number;
  status?: number;
}

/**
 * The same points as parallel typed arrays: what bulk paths (uploads, the benchmark) hand over, and what the
 * DuckDB store copies into its appender without touching each value.
 */
export interface PointColumns {
  assetIds: Int32Array<ArrayBuffer>;
  metricIds: Int32Array<ArrayBuffer>;
  /** Epoch milliseconds; doubles hold them exactly up to 2^53. */
  timestamps: Float64Array<ArrayBuffer>;
  values: Float64Array<ArrayBuffer>;
  statuses: Int32Array<ArrayBuffer>;
}

export interface MetricAggregation {
  metricId: number;
  aggregation: Aggregation;
}

export interface TimeSeriesQuery {
  assetIds: readonly number[];
  /** Spec `metricsWithAggregateFunction`: each metric with its own aggregation. */
  metrics: readonly MetricAggregation[];
  /** Range [from, to) in epoch milliseconds. Aggregates answer the whole interval buckets that start in it. */
  from: number;
  to: number;
  intervalMs: number;
  /** Chart width in pixel columns: when given, each series is reduced by M4 in the database. */
  maxPoints?: number;
  /** Insert explicit empty points for empty slots (spec gap fill, 2-minute minimum step). */
  gapFill?: boolean;
}

/** One series per requested (asset, metric), including empty ones, in the order asked. */
export interface TimeSeries extends SeriesColumns {
  assetId: number;
  metricId: number;
  aggregation: Aggregation;
  intervalMs: number;
  /** Which table answered: raw points or the 1 minute / 1 hour rollup. */
  source: SeriesSource;
}

export interface RegionsQuery {
  assetIds: readonly number[];
  metricIds: readonly number[];
  from: number;
  to: number;
  /** Points further apart than this split a region; default 2 minutes (the gap-fill step). */
  minGapMs?: number;
}

export interface SeriesRegions {
  assetId: number;
  metricId: number;
  regions: DataRegion[];
}

/**
 * `batchId` makes an insert exactly-once: the id is stored with the points, and an id already stored answers
 * `{ duplicate: true }` without writing anything. Ids are opaque here; callers scope them per writer (e.g.
 * `agent:12:<id>`) so that one writer cannot block another's. An insert with a batch id and no points still
 * records the id (a batch of only text values must not be announced twice either).
 */
export interface InsertOptions {
  batchId?: string | undefined;
  /** Written with the points and the batch id, all or nothing (see ReadingDetail). */
  details?: readonly ReadingDetail[] | undefined;
}

/**
 * A reading whose value the numeric points cannot give back by themselves: text, an explicit empty value, a
 * boolean or number that its metric's value type would not restore, or units other than its metric's. The store
 * keeps these beside the points only so that last values warmed after a restart equal the live ones (`latest`);
 * no chart or aggregate reads them. Booleans are kept as booleans here, not as 0/1.
 */
export interface ReadingDetail {
  assetId: number;
  metricId: number;
  ts: number;
  status: number;
  value: number | string | boolean | null;
  units: string | null;
}

/**
 * The newest reading of one series since a lookback: its newest point, or its newest detail when that is as new
 * or newer (a detail of a number carries the same value as its point, plus what the point lacks).
 */
export type LatestReading =
  | { kind: 'point'; assetId: number; metricId: number; ts: number; value: number; status: number }
  | ({ kind: 'detail' } & ReadingDetail);

export interface InsertResult {
  /** True when `batchId` was already stored: nothing was written. */
  duplicate: boolean;
}

/** How long each level is kept, in milliseconds back from `now`. */
export interface RetentionPolicy {
  rawMs: number;
  minuteMs: number;
  hourMs: number;
  now?: number;
}

/**
 * Where telemetry lives: DuckDB embedded, or ClickHouse at scale. Both keep 1 minute and 1 hour rollups
 * (min, max, sum, count, sum of squares, highest status) up to date inside `insert`, late and out-of-order points
 * included.
 *
 * Re-inserting the same points without a batch id counts them again, in raw data and rollups alike: detecting
 * duplicate points would need a unique index on raw points, which costs most of the ingest rate. Deduplication is
 * by batch id instead (InsertOptions): DuckDB stores the id in the same transaction as the points (exactly once);
 * ClickHouse checks the id before and records it after the points (see clickHouseBatches.ts for the window).
 */
export interface TimeSeriesStore {
  readonly kind: 'duckdb' | 'clickhouse';
  /** Device logs, kept beside the points with their own retention (deviceLogStore.ts). */
  readonly logs: DeviceLogStore;
  /** Resolves once the points are durable (DuckDB: committed to its write-ahead log). */
  insert(points: readonly TimeSeriesPoint[], options?: InsertOptions): Promise<InsertResult>;
  /** `insert` for points already in columns: ingestion's own path, and bulk loads. */
  insertColumns(columns: PointColumns, options?: InsertOptions): Promise<InsertResult>;
  /** Throws TimeSeriesQueryError (a 400 for the caller) for a request the spec refuses, e.g. RAW over 24 h. */
  query(query: TimeSeriesQuery): Promise<TimeSeries[]>;
  regions(query: RegionsQuery): Promise<SeriesRegions[]>;
  /**
   * The newest reading of every series with a point or detail at or after `since` (epoch ms; callers pass the raw
   * retention's cutoff), in no particular order: what warms the last-value table at startup. Of points sharing
   * the newest timestamp, the highest (value, status) is chosen, so that both engines answer alike.
   */
  latest(since: number): Promise<LatestReading[]>;
  applyRetention(policy: RetentionPolicy): Promise<void>;
  /**
   * Housekeeping for a periodic job (every 10-60 minutes): DuckDB rewrites closed hours (before the hour of
   * `now`) that received points, sorted by series, for pruning by series, and once a day has closed (before the
   * day of `now`) the day whole, for compression; ClickHouse needs
   * nothing (its parts are sorted by key and merged in the background). Answers are the same before and after.
   */
  compact(now?: number): Promise<void>;
  close(): Promise<void>;
}

/** A request the store refuses; `message` says why and is safe to show. */
export class TimeSeriesQueryError extends Error {
  override readonly name = 'TimeSeriesQueryError';
}
