import { evictLeastRecentlyUsed, seriesKey } from '../rawSeriesCache.ts';

/**
 * What the two ClickHouse caches (raw minutes, hour buckets) share: they hold series in this process and check
 * them on every ask against a rollup's point count per series and unit of time (a minute, a day), re-reading only
 * the units whose count changed.
 */

/** Beyond this many stretches of changed units a series is read whole: one range is cheaper than a long OR. */
const MAX_RANGES = 64;

/** Counts per series and unit from result columns asset_id, metric_id, unit start, count. */
export function countsBySeries(columns: number[][]): Map<number, Map<number, number>> {
  const [assetIds = [], metricIds = [], units = [], counts = []] = columns;
  const bySeries = new Map<number, Map<number, number>>();
  units.forEach((unit, index) => {
    const key = seriesKey(assetIds[index] ?? 0, metricIds[index] ?? 0);
    bySeries.set(key, (bySeries.get(key) ?? new Map<number, number>()).set(unit, counts[index] ?? 0));
  });
  return bySeries;
}

/**
 * Stretches [start, end) of whole units whose count differs between what is held and what the rollup says now,
 * within [window.start, window.end) (a unit the rollup no longer has counts as changed). A unit ends at
 * `unitEnd(unit)`: units may differ in length (the raw cache counts closed hours whole, its edges by minute).
 */
export function changedRanges(
  held: ReadonlyMap<number, number>,
  current: ReadonlyMap<number, number>,
  window: { start: number; end: number },
  unitEnd: (unit: number) => number,
): { start: number; end: number }[] {
  const units = new Set<number>();
  for (const [unit, count] of current) if (held.get(unit) !== count) units.add(unit);
  for (const [unit, count] of held) {
    if (unit >= window.start && unit < window.end && count > 0 && !current.has(unit)) units.add(unit);
  }
  const ranges: { start: number; end: number }[] = [];
  for (const unit of [...units].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last?.end === unit) last.end = unitEnd(unit);
    else ranges.push({ start: unit, end: unitEnd(unit) });
  }
  if (ranges.length <= MAX_RANGES) return ranges;
  // Everything from the first changed unit to the end of the last: what lies between is read again unchanged.
  return [{ start: ranges[0]?.start ?? window.start, end: ranges.at(-1)?.end ?? window.end }];
}

/** `(asset_id = a AND metric_id = m AND (column in one of the ranges)) OR ...` for the series to re-read. */
export function rangesWhere(
  series: readonly { assetId: number; metricId: number; ranges: readonly { start: number; end: number }[] }[],
  column: string,
): string {
  return series
    .map(
      ({ assetId, metricId, ranges }) =>
        `(asset_id = ${assetId} AND metric_id = ${metricId} AND (${ranges
          .map((range) => `(${column} >= ${range.start} AND ${column} < ${range.end})`)
          .join(' OR ')}))`,
    )
    .join(' OR ');
}

/** Entries by series key within a byte budget, the least recently used leaving first. */
export function createEntryBudget<T extends { lastUsed: number }>(
  budgetBytes: number,
  sizeOf: (entry: T) => number,
) {
  const entries = new Map<number, T>();
  let bytes = 0;
  const remove = (key: number): void => {
    const entry = entries.get(key);
    if (entry) bytes -= sizeOf(entry);
    entries.delete(key);
  };
  return {
    get: (key: number): T | undefined => entries.get(key),
    /** Holds `entry` for `key` (replacing what was held), used at `now`. */
    install(key: number, entry: T, now: number): void {
      entry.lastUsed = now;
      remove(key);
      entries.set(key, entry);
      bytes += sizeOf(entry);
    },
    evict(): void {
      evictLeastRecentlyUsed(entries, remove, () => bytes > budgetBytes, null);
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
  };
}
