import { alignDown } from '@kelvin/domain';
import { evictLeastRecentlyUsed, lowerBound, seriesKey } from './rawSeriesCache.ts';
import type { PointColumns } from './timeSeriesStore.ts';

/** Bytes per cached bucket: start, min, max, sum, count and sum of squares as doubles, status as an integer. */
export const CACHED_BUCKET_BYTES = 6 * 8 + 4;

/** One series' rollup buckets from `from` on, one row per bucket, in time order. */
export interface RollupSeries {
  from: number;
  length: number;
  buckets: Float64Array;
  mins: Float64Array;
  maxs: Float64Array;
  sums: Float64Array;
  counts: Float64Array;
  sumSqs: Float64Array;
  statuses: Int32Array;
}

interface Entry extends RollupSeries {
  lastUsed: number;
}

const DOUBLE_COLUMNS = ['buckets', 'mins', 'maxs', 'sums', 'counts', 'sumSqs'] as const;

export interface RollupSeriesCache {
  /** The series' buckets from the bucket of `from` on, when the cache holds all of them. */
  get(assetId: number, metricId: number, from: number): RollupSeries | null;
  /** Keeps a series loaded from the store; null when it alone exceeds the budget. */
  put(assetId: number, metricId: number, series: RollupSeries): RollupSeries | null;
  /** Points just committed, folded into the buckets held. */
  apply(columns: PointColumns): void;
  /** Retention deleted the buckets before `cutoff`. */
  trimBefore(cutoff: number): void;
  readonly size: number;
  clear(): void;
}

/** Opens a bucket at `index` (moving later ones right), growing the arrays when full. */
function insertBucket(entry: Entry, index: number, bucket: number): void {
  if (entry.length === entry.buckets.length) {
    const capacity = Math.max(64, Math.ceil(entry.length * 1.5));
    for (const column of DOUBLE_COLUMNS) {
      const grown = new Float64Array(capacity);
      grown.set(entry[column].subarray(0, entry.length));
      entry[column] = grown;
    }
    const statuses = new Int32Array(capacity);
    statuses.set(entry.statuses.subarray(0, entry.length));
    entry.statuses = statuses;
  }
  for (const column of DOUBLE_COLUMNS) entry[column].copyWithin(index + 1, index, entry.length);
  entry.statuses.copyWithin(index + 1, index, entry.length);
  entry.buckets[index] = bucket;
  entry.mins[index] = Infinity;
  entry.maxs[index] = -Infinity;
  entry.sums[index] = 0;
  entry.counts[index] = 0;
  entry.sumSqs[index] = 0;
  entry.statuses[index] = -2147483648;
  entry.length++;
}

function foldPoint(entry: Entry, bucketMs: number, ts: number, value: number, status: number): void {
  const bucket = alignDown(ts, bucketMs);
  const last = entry.length - 1;
  let index = last >= 0 && (entry.buckets[last] ?? 0) === bucket ? last : -1;
  if (index < 0) {
    index = lowerBound(entry.buckets, entry.length, bucket);
    if (index === entry.length || entry.buckets[index] !== bucket) insertBucket(entry, index, bucket);
  }
  entry.mins[index] = Math.min(entry.mins[index] ?? Infinity, value);
  entry.maxs[index] = Math.max(entry.maxs[index] ?? -Infinity, value);
  entry.sums[index] = (entry.sums[index] ?? 0) + value;
  entry.counts[index] = (entry.counts[index] ?? 0) + 1;
  entry.sumSqs[index] = (entry.sumSqs[index] ?? 0) + value * value;
  entry.statuses[index] = Math.max(entry.statuses[index] ?? 0, status);
}

/**
 * Rollup buckets of recently charted series in memory (see rawSeriesCache.ts for the why and the exactness
 * rules, which are the same): a 24-month chart at 1 h reads 17,520 buckets per metric, which the database groups
 * twice (by bucket, then by pixel column) in ~150 ms. Committed points are folded into their buckets here as the
 * store folds them into rollup rows.
 */
export function createRollupSeriesCache(budgetBytes: number, bucketMs: number): RollupSeriesCache {
  const entries = new Map<number, Entry>();
  let clock = 0;
  let bytes = 0;
  const sizeOf = (entry: Entry): number => entry.buckets.length * CACHED_BUCKET_BYTES;
  const remove = (entryKey: number): void => {
    const entry = entries.get(entryKey);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(entryKey);
  };
  const evict = (keep: Entry | null): void =>
    evictLeastRecentlyUsed(entries, remove, () => bytes > budgetBytes, keep);
  return {
    get size() {
      return entries.size;
    },
    get(assetId, metricId, from) {
      const entry = entries.get(seriesKey(assetId, metricId));
      if (!entry || entry.from > alignDown(from, bucketMs)) return null;
      entry.lastUsed = ++clock;
      return entry;
    },
    put(assetId, metricId, series) {
      if (series.buckets.length * CACHED_BUCKET_BYTES > budgetBytes) return null;
      const entry: Entry = { ...series, lastUsed: ++clock };
      remove(seriesKey(assetId, metricId));
      entries.set(seriesKey(assetId, metricId), entry);
      bytes += sizeOf(entry);
      evict(entry);
      return entry;
    },
    apply(columns) {
      if (entries.size === 0) return;
      let runKey = Number.NaN;
      let entry: Entry | undefined;
      for (let index = 0; index < columns.timestamps.length; index++) {
        const pointKey = seriesKey(columns.assetIds[index] ?? 0, columns.metricIds[index] ?? 0);
        if (pointKey !== runKey) {
          runKey = pointKey;
          if (entry) bytes += sizeOf(entry);
          entry = entries.get(pointKey);
          if (entry) bytes -= sizeOf(entry);
        }
        const ts = columns.timestamps[index] ?? 0;
        if (!entry || ts < entry.from) continue;
        foldPoint(entry, bucketMs, ts, columns.values[index] ?? 0, columns.statuses[index] ?? 0);
      }
      if (entry) bytes += sizeOf(entry);
      if (bytes > budgetBytes) evict(null);
    },
    trimBefore(cutoff) {
      for (const entry of entries.values()) {
        if (entry.from >= cutoff) continue;
        const drop = lowerBound(entry.buckets, entry.length, cutoff);
        for (const column of DOUBLE_COLUMNS) entry[column].copyWithin(0, drop, entry.length);
        entry.statuses.copyWithin(0, drop, entry.length);
        entry.length -= drop;
        entry.from = cutoff;
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
