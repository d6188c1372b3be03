import { M4_BLOCK_POINTS, summarizeBlocks, type PointBlocks, type SortedPoints } from '@kelvin/domain';
import type { PointColumns } from './timeSeriesStore.ts';

/**
 * Bytes one cached point takes: timestamp and value as doubles, status as a 32-bit integer, and its share of the
 * block summaries (three 32-bit integers per M4_BLOCK_POINTS points).
 */
export const CACHED_POINT_BYTES = 20 + Math.ceil((3 * 4) / M4_BLOCK_POINTS);

/** Every stored point of one series from `from` on, in time order (equal timestamps in arrival order). */
export interface CachedSeries extends SortedPoints {
  readonly from: number;
  readonly length: number;
  timestamps: Float64Array;
  values: Float64Array;
  statuses: Int32Array;
  blocks?: PointBlocks | undefined;
}

interface Entry {
  from: number;
  length: number;
  timestamps: Float64Array;
  values: Float64Array;
  statuses: Int32Array;
  blocks: PointBlocks;
  lastUsed: number;
}

function emptyBlocks(capacity: number): PointBlocks {
  const count = Math.ceil(capacity / M4_BLOCK_POINTS);
  return { minIndex: new Int32Array(count), maxIndex: new Int32Array(count), status: new Int32Array(count) };
}

/** A series as loaded from the store, before the cache adds its summaries. */
export type LoadedSeries = Omit<CachedSeries, 'length' | 'blocks'>;

export interface RawSeriesCache {
  /** The series' points from `from` on, when the cache holds all of them. */
  get(assetId: number, metricId: number, from: number): CachedSeries | null;
  /** Keeps a series loaded from the store, with its block summaries; null when it alone exceeds the budget. */
  put(assetId: number, metricId: number, series: LoadedSeries): CachedSeries | null;
  /** Points just committed: merged into the series held, so that they stay exactly what the store holds. */
  apply(columns: PointColumns): void;
  /** Raw retention deleted the points before `cutoff`. */
  trimBefore(cutoff: number): void;
  readonly bytes: number;
  /** How many series it holds. */
  readonly size: number;
  clear(): void;
}

/** One number per series (ids are below 2^31), cheaper to look up per point than a string. */
export const seriesKey = (assetId: number, metricId: number): number => assetId * 2 ** 31 + metricId;

/**
 * Removes the least recently used entries but `keep` until `bytes()` fits the budget: the eviction both series
 * caches share.
 */
export function evictLeastRecentlyUsed<T extends { lastUsed: number }>(
  entries: Map<number, T>,
  remove: (entryKey: number) => void,
  overBudget: () => boolean,
  keep: T | null,
): void {
  const oldestFirst = [...entries].sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
  for (const [entryKey, entry] of oldestFirst) {
    if (!overBudget()) return;
    if (entry !== keep) remove(entryKey);
  }
}

/** Index of the first timestamp >= ts in timestamps[0, length). */
export function lowerBound(timestamps: ArrayLike<number>, length: number, ts: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timestamps[middle] ?? 0) < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first `length` points of `points` in new arrays of `capacity`, for a series that grows. */
export function pointsWithCapacity(
  points: { timestamps: Float64Array; values: Float64Array; statuses: Int32Array },
  length: number,
  capacity: number,
): {
  timestamps: Float64Array<ArrayBuffer>;
  values: Float64Array<ArrayBuffer>;
  statuses: Int32Array<ArrayBuffer>;
} {
  const timestamps = new Float64Array(capacity);
  const values = new Float64Array(capacity);
  const statuses = new Int32Array(capacity);
  timestamps.set(points.timestamps.subarray(0, length));
  values.set(points.values.subarray(0, length));
  statuses.set(points.statuses.subarray(0, length));
  return { timestamps, values, statuses };
}

function grow(entry: Entry, needed: number): void {
  if (needed <= entry.timestamps.length) return;
  const capacity = Math.max(needed, Math.ceil(entry.timestamps.length * 1.5), 1024);
  const { timestamps, values, statuses } = pointsWithCapacity(entry, entry.length, capacity);
  const blocks = emptyBlocks(capacity);
  blocks.minIndex.set(entry.blocks.minIndex);
  blocks.maxIndex.set(entry.blocks.maxIndex);
  blocks.status.set(entry.blocks.status);
  Object.assign(entry, { timestamps, values, statuses, blocks });
}

/**
 * Adds points (indices into `columns`) to an entry. In order after its last point they are appended; otherwise
 * they are sorted and merged in one pass, existing points first among equal timestamps.
 */
function addPoints(entry: Entry, columns: PointColumns, indices: readonly number[]): void {
  const { timestamps: ts } = columns;
  const sorted = [...indices].sort((a, b) => (ts[a] ?? 0) - (ts[b] ?? 0) || a - b);
  const oldLength = entry.length;
  grow(entry, oldLength + sorted.length);
  const firstNew = ts[sorted[0] ?? 0] ?? 0;
  // Everything from the first new point's place on moves: its blocks are summarised again below.
  const firstChanged = lowerBound(entry.timestamps, oldLength, firstNew);
  if (oldLength === 0 || firstNew >= (entry.timestamps[oldLength - 1] ?? 0)) {
    sorted.forEach((index, offset) => {
      entry.timestamps[oldLength + offset] = ts[index] ?? 0;
      entry.values[oldLength + offset] = columns.values[index] ?? 0;
      entry.statuses[oldLength + offset] = columns.statuses[index] ?? 0;
    });
  } else {
    // Merge from the back, in place: the old points move right into room the new ones leave.
    let old = oldLength - 1;
    let fresh = sorted.length - 1;
    for (let target = oldLength + sorted.length - 1; fresh >= 0; target--) {
      const index = sorted[fresh] ?? 0;
      if (old >= 0 && (entry.timestamps[old] ?? 0) > (ts[index] ?? 0)) {
        entry.timestamps[target] = entry.timestamps[old] ?? 0;
        entry.values[target] = entry.values[old] ?? 0;
        entry.statuses[target] = entry.statuses[old] ?? 0;
        old--;
      } else {
        entry.timestamps[target] = ts[index] ?? 0;
        entry.values[target] = columns.values[index] ?? 0;
        entry.statuses[target] = columns.statuses[index] ?? 0;
        fresh--;
      }
    }
  }
  entry.length = oldLength + sorted.length;
  summarizeBlocks(entry, entry.length, entry.blocks, firstChanged);
}

/**
 * Raw points of recently charted series, in memory, for the DuckDB store's M4 path: a live chart asks for the
 * same day again every few seconds, and reducing millions of points in memory takes a few milliseconds where the
 * database needs a hundred. The cache is exact: a series enters it with everything the store holds from a time
 * on (loaded while no insert can commit), every later commit is applied to it, and retention trims it. Least
 * recently used series leave when the budget is exceeded.
 */
export function createRawSeriesCache(budgetBytes: number): RawSeriesCache {
  const entries = new Map<number, Entry>();
  let bytes = 0;
  let clock = 0;
  const sizeOf = (entry: Entry): number => entry.timestamps.length * CACHED_POINT_BYTES;
  const remove = (entryKey: number): void => {
    const entry = entries.get(entryKey);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(entryKey);
  };
  const evictBeyondBudget = (keep: Entry | null): void =>
    evictLeastRecentlyUsed(entries, remove, () => bytes > budgetBytes, keep);
  return {
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
    get(assetId, metricId, from) {
      const entry = entries.get(seriesKey(assetId, metricId));
      if (!entry || entry.from > from) return null;
      entry.lastUsed = ++clock;
      return entry;
    },
    put(assetId, metricId, series) {
      const length = series.timestamps.length;
      if (length * CACHED_POINT_BYTES > budgetBytes) return null;
      const entry: Entry = { ...series, length, blocks: emptyBlocks(length), lastUsed: ++clock };
      summarizeBlocks(entry, length, entry.blocks);
      remove(seriesKey(assetId, metricId));
      entries.set(seriesKey(assetId, metricId), entry);
      bytes += sizeOf(entry);
      evictBeyondBudget(entry);
      return entry;
    },
    apply(columns) {
      if (entries.size === 0) return;
      const added = new Map<Entry, number[]>();
      let runKey = Number.NaN;
      let runEntry: Entry | undefined;
      for (let index = 0; index < columns.timestamps.length; index++) {
        // Batches come grouped by series: one lookup per run of the same series.
        const pointKey = seriesKey(columns.assetIds[index] ?? 0, columns.metricIds[index] ?? 0);
        if (pointKey !== runKey) {
          runKey = pointKey;
          runEntry = entries.get(pointKey);
        }
        if (!runEntry || (columns.timestamps[index] ?? 0) < runEntry.from) continue;
        const list = added.get(runEntry);
        if (list) list.push(index);
        else added.set(runEntry, [index]);
      }
      for (const [entry, indices] of added) {
        bytes -= sizeOf(entry);
        addPoints(entry, columns, indices);
        bytes += sizeOf(entry);
      }
      if (bytes > budgetBytes) evictBeyondBudget(null);
    },
    trimBefore(cutoff) {
      for (const entry of entries.values()) {
        if (entry.from >= cutoff) continue;
        const drop = lowerBound(entry.timestamps, entry.length, cutoff);
        entry.timestamps.copyWithin(0, drop, entry.length);
        entry.values.copyWithin(0, drop, entry.length);
        entry.statuses.copyWithin(0, drop, entry.length);
        entry.length -= drop;
        entry.from = cutoff;
        summarizeBlocks(entry, entry.length, entry.blocks);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
