import type { DuckDBConnection } from '@duckdb/node-api';
import { aggregateValue, alignDown, bucketWindow, HOUR_MS, type Aggregation } from '@kelvin/domain';
import type { PointRows } from '../queryExecution.ts';
import { lowerBound, seriesKey } from '../rawSeriesCache.ts';
import { CACHED_BUCKET_BYTES, type RollupSeries, type RollupSeriesCache } from '../rollupSeriesCache.ts';
import { duckDbDialect } from '../sql/dialect.ts';
import { ROLLUP_TABLES, type SeriesSelection } from '../sql/pointSql.ts';
import { askedAgain, reduceEachSeries, type CachedM4Context } from './duckDbCachedM4.ts';
import { chunkFloat64, chunkInt32, resultChunks } from './duckDbRows.ts';
import { seriesWhere } from './duckDbSeriesLoad.ts';
import { followMissedWrites } from './duckDbSnapshotLoad.ts';

export interface CachedRollupContext extends Omit<CachedM4Context, 'cache'> {
  cache: RollupSeriesCache;
}

/** The (asset, metric) pairs a selection names. */
function keysOf(selection: SeriesSelection) {
  return selection.assetIds.flatMap((assetId) =>
    selection.metricIds.map((metricId) => ({ assetId, metricId })),
  );
}

/** The hour buckets of the series from `start` on, folded to one row per bucket as every rollup read folds them. */
async function loadHourSeries(
  connection: DuckDBConnection,
  selection: SeriesSelection,
  start: number,
): Promise<Map<string, RollupSeries>> {
  const { rollup } = duckDbDialect;
  const result = await connection.run(`SELECT CAST(asset_id AS INTEGER), CAST(metric_id AS INTEGER),
      CAST(bucket AS DOUBLE), ${rollup.min}, ${rollup.max}, ${rollup.sum}, CAST(${rollup.count} AS DOUBLE),
      ${rollup.sumSq}, CAST(${rollup.status} AS INTEGER)
    FROM ${ROLLUP_TABLES.hour} WHERE ${seriesWhere(keysOf(selection))} AND bucket >= ${start}
    GROUP BY asset_id, metric_id, bucket ORDER BY asset_id, metric_id, bucket`);
  const rows = new Map<string, number[][]>();
  for (const assetId of selection.assetIds) {
    for (const metricId of selection.metricIds)
      rows.set(`${assetId}:${metricId}`, [[], [], [], [], [], [], []]);
  }
  for await (const chunk of resultChunks(result)) {
    const count = chunk.rowCount;
    const [assetIds, metricIds, statuses] = [0, 1, 8].map((column) => chunkInt32(chunk, column));
    const fields = [2, 3, 4, 5, 6, 7].map((column) => chunkFloat64(chunk, column));
    for (let row = 0; row < count; row++) {
      const target = rows.get(`${assetIds?.[row] ?? 0}:${metricIds?.[row] ?? 0}`);
      if (!target) continue;
      fields.forEach((field, index) => target[index]?.push(field[row] ?? 0));
      target[6]?.push(statuses?.[row] ?? 0);
    }
  }
  const loaded = new Map<string, RollupSeries>();
  for (const [
    key,
    [buckets = [], mins = [], maxs = [], sums = [], counts = [], sumSqs = [], statuses = []],
  ] of rows) {
    loaded.set(key, {
      from: start,
      length: buckets.length,
      buckets: Float64Array.from(buckets),
      mins: Float64Array.from(mins),
      maxs: Float64Array.from(maxs),
      sums: Float64Array.from(sums),
      counts: Float64Array.from(counts),
      sumSqs: Float64Array.from(sumSqs),
      statuses: Int32Array.from(statuses),
    });
  }
  return loaded;
}

/**
 * Interval buckets folded from the hour buckets in [start, end), with their value and highest status, as typed
 * arrays: M4 then reads the same array kinds as from the raw cache (mixing kinds slows every caller down).
 */
function intervalPoints(
  series: RollupSeries,
  window: { start: number; end: number },
  intervalMs: number,
  aggregation: Exclude<Aggregation, 'RAW'>,
) {
  const first = lowerBound(series.buckets, series.length, window.start);
  const last = lowerBound(series.buckets, series.length, window.end);
  const timestamps = new Float64Array(last - first);
  const values = new Float64Array(last - first);
  const statuses = new Int32Array(last - first);
  // Columns in locals: this loop runs over every bucket of every charted series.
  const { buckets, mins, maxs, sums, counts, sumSqs } = series;
  const bucketStatuses = series.statuses;
  const partial = { min: 0, max: 0, sum: 0, count: 0, sumSq: 0 };
  let length = 0;
  for (let index = first; index < last;) {
    const bucket = alignDown(buckets[index] ?? 0, intervalMs);
    const bucketEnd = bucket + intervalMs;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    let sumSq = 0;
    let status = -2147483648;
    for (; index < last && (buckets[index] ?? 0) < bucketEnd; index++) {
      const bucketMin = mins[index] ?? Infinity;
      const bucketMax = maxs[index] ?? -Infinity;
      if (bucketMin < min) min = bucketMin;
      if (bucketMax > max) max = bucketMax;
      sum += sums[index] ?? 0;
      count += counts[index] ?? 0;
      sumSq += sumSqs[index] ?? 0;
      const bucketStatus = bucketStatuses[index] ?? 0;
      if (bucketStatus > status) status = bucketStatus;
    }
    partial.min = min;
    partial.max = max;
    partial.sum = sum;
    partial.count = count;
    partial.sumSq = sumSq;
    timestamps[length] = bucket;
    values[length] = aggregateValue(partial, aggregation);
    statuses[length] = status;
    length++;
  }
  return {
    timestamps: timestamps.subarray(0, length),
    values: values.subarray(0, length),
    statuses: statuses.subarray(0, length),
  };
}

/**
 * M4 of an aggregate answered from the hour rollup, out of the rollup cache (loading the series it lacks on a
 * second ask, in a snapshot brought up to date with the commits made meanwhile, like the raw cache). Null when the database should answer.
 */
export async function cachedHourM4(
  context: CachedRollupContext,
  query: { selection: SeriesSelection; intervalMs: number; aggregation: Exclude<Aggregation, 'RAW'> },
  width: number,
): Promise<PointRows | null> {
  const { cache } = context;
  const { selection, intervalMs, aggregation } = query;
  const window = bucketWindow(selection.from, selection.to, intervalMs);
  const start = alignDown(window.start, HOUR_MS);
  const held = new Map<string, RollupSeries>();
  const missing: string[] = [];
  for (const assetId of selection.assetIds) {
    for (const metricId of selection.metricIds) {
      const hit = cache.get(assetId, metricId, start);
      if (hit) held.set(`${assetId}:${metricId}`, hit);
      else missing.push(`${assetId}:${metricId}`);
    }
  }
  if (missing.length > 0) {
    if (!askedAgain(context.asked, missing, Date.now())) return null;
    const buckets = await context.withReader(async (connection) => {
      const [row] = (
        await connection.runAndReadAll(
          `SELECT count(*) FROM ${ROLLUP_TABLES.hour} WHERE ${seriesWhere(keysOf(selection))} AND bucket >= ${start}`,
        )
      ).getRows();
      return Number(row?.[0] ?? 0);
    });
    if (buckets * CACHED_BUCKET_BYTES > context.budgetBytes) return null;
    await context.loader.load(
      (connection) => loadHourSeries(connection, selection, start),
      (loaded, missed) => {
        const installed = new Set<number>();
        for (const assetId of selection.assetIds) {
          for (const metricId of selection.metricIds) {
            const series = loaded.get(`${assetId}:${metricId}`);
            if (!series) continue;
            const cached = cache.put(assetId, metricId, series);
            if (cached) installed.add(seriesKey(assetId, metricId));
            held.set(`${assetId}:${metricId}`, cached ?? series);
          }
        }
        followMissedWrites(cache, missed, installed, missed.hourCutoff);
      },
    );
  }
  return reduceEachSeries(selection, width, (assetId, metricId) => {
    const series = held.get(`${assetId}:${metricId}`);
    if (!series) return null;
    const points = intervalPoints(series, window, intervalMs, aggregation);
    return { points, start: 0, end: points.timestamps.length };
  });
}
