import { aggregateValue, alignDown, bucketWindow, HOUR_MS, type Aggregation } from '@kelvin/domain';
import { askedAgain, reduceEachSeries } from '../duckdb/duckDbCachedM4.ts';
import type { PointRows } from '../queryExecution.ts';
import { lowerBound, seriesKey } from '../rawSeriesCache.ts';
import { CACHED_BUCKET_BYTES } from '../rollupSeriesCache.ts';
import { clickHouseDialect } from '../sql/dialect.ts';
import { integerList, ROLLUP_TABLES, type SeriesSelection } from '../sql/pointSql.ts';
import { changedRanges, countsBySeries, createEntryBudget, rangesWhere } from './clickHouseCountCheck.ts';
import type { SelectNumbers } from './clickHouseSeriesCache.ts';

const DAY_MS = 24 * HOUR_MS;
/** The hour partials as the rollup folds them, in the order of `Partials`' fields after bucket. */
const PARTIAL_FIELDS = ['mins', 'maxs', 'sums', 'counts', 'sumSqs', 'statuses'] as const;

interface Partials {
  buckets: number[];
  mins: number[];
  maxs: number[];
  sums: number[];
  counts: number[];
  sumSqs: number[];
  statuses: number[];
}

/** A series' hour buckets from `from` (a day boundary) on, with the point count of each day as last read. */
interface Entry extends Partials {
  from: number;
  days: Map<number, number>;
  lastUsed: number;
}

const emptyPartials = (): Partials => ({
  buckets: [],
  mins: [],
  maxs: [],
  sums: [],
  counts: [],
  sumSqs: [],
  statuses: [],
});

/**
 * Hour buckets of long charts (24 months of a unit), held in this process and checked against ClickHouse on every
 * ask, as the raw cache does with minutes (clickHouseSeriesCache.ts): each ask reads the hour rollup's point count
 * per series and day (one merge per hour row, no M4), and re-reads the hour partials of the days whose count
 * changed. Intervals of whole hours are folded from the partials and reduced by M4 in memory.
 */
export function createClickHouseHourCache(select: SelectNumbers, budgetBytes: number) {
  const entries = createEntryBudget<Entry>(
    budgetBytes,
    (entry) => entry.buckets.length * CACHED_BUCKET_BYTES,
  );
  const asked = new Map<string, number>();
  const series = (selection: SeriesSelection) =>
    `asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})`;

  const dayCounts = async (selection: SeriesSelection, start: number, end: number) =>
    countsBySeries(
      await select(
        `SELECT asset_id, metric_id, intDiv(bucket, ${DAY_MS}) * ${DAY_MS} AS day, ${clickHouseDialect.rollup.count} AS n
        FROM ${ROLLUP_TABLES.hour}
        WHERE ${series(selection)} AND bucket >= ${start} AND bucket < ${end}
        GROUP BY asset_id, metric_id, day`,
        4,
      ),
    );

  /** The entry with the buckets of its changed ranges replaced by those read (sorted by bucket). */
  const splice = (entry: Entry, ranges: readonly { start: number; end: number }[], read: Partials): Entry => {
    const next: Entry = { ...entry, ...emptyPartials(), days: new Map(entry.days) };
    const take = (from: Partials, index: number): void => {
      next.buckets.push(from.buckets[index] ?? 0);
      for (const field of PARTIAL_FIELDS) next[field].push(from[field][index] ?? 0);
    };
    let old = 0;
    let fresh = 0;
    for (const range of ranges) {
      while (old < entry.buckets.length && (entry.buckets[old] ?? 0) < range.start) take(entry, old++);
      while (old < entry.buckets.length && (entry.buckets[old] ?? 0) < range.end) old++;
      while (fresh < read.buckets.length && (read.buckets[fresh] ?? 0) < range.end) take(read, fresh++);
    }
    while (old < entry.buckets.length) take(entry, old++);
    return next;
  };

  return {
    /** M4 of an aggregate over whole hours from held hour buckets; null when the database should answer. */
    async hourM4(
      query: { selection: SeriesSelection; intervalMs: number; aggregation: Exclude<Aggregation, 'RAW'> },
      width: number,
    ): Promise<PointRows | null> {
      const { selection, intervalMs, aggregation } = query;
      const window = bucketWindow(selection.from, selection.to, intervalMs);
      const start = alignDown(window.start, DAY_MS);
      const end = alignDown(window.end - 1, DAY_MS) + DAY_MS;
      const keys = selection.assetIds.flatMap((assetId) =>
        selection.metricIds.map((metricId) => ({ assetId, metricId, key: seriesKey(assetId, metricId) })),
      );
      const missing = keys.filter(({ key }) => (entries.get(key)?.from ?? Infinity) > start);
      const names = missing.map(({ assetId, metricId }) => `${assetId}:${metricId}`);
      if (missing.length > 0 && !askedAgain(asked, names, Date.now())) return null;
      const current = await dayCounts(selection, start, end);
      const now = Date.now();
      const work = keys.map(({ assetId, metricId, key }) => {
        const held = entries.get(key);
        const entry: Entry =
          held && held.from <= start
            ? held
            : { from: start, ...emptyPartials(), days: new Map(), lastUsed: now };
        const counts = current.get(key) ?? new Map<number, number>();
        return {
          assetId,
          metricId,
          key,
          entry,
          counts,
          ranges: changedRanges(entry.days, counts, { start, end }, (day) => day + DAY_MS),
        };
      });
      const stale = work.filter((one) => one.ranges.length > 0);
      const read = new Map<number, Partials>();
      if (stale.length > 0) {
        const where = rangesWhere(stale, 'bucket');
        const { rollup } = clickHouseDialect;
        const [assetIds = [], metricIds = [], buckets = [], ...fields] = await select(
          `SELECT asset_id, metric_id, bucket, ${rollup.min}, ${rollup.max}, ${rollup.sum}, ${rollup.count},
            ${rollup.sumSq}, ${rollup.status}
          FROM ${ROLLUP_TABLES.hour}
          WHERE ${series(selection)} AND (${where})
          GROUP BY asset_id, metric_id, bucket
          ORDER BY asset_id, metric_id, bucket`,
          9,
        );
        buckets.forEach((bucket, index) => {
          const key = seriesKey(assetIds[index] ?? 0, metricIds[index] ?? 0);
          const partials = read.get(key) ?? emptyPartials();
          partials.buckets.push(bucket);
          PARTIAL_FIELDS.forEach((field, column) => partials[field].push(fields[column]?.[index] ?? 0));
          read.set(key, partials);
        });
      }
      const held = new Map<number, Entry>();
      for (const { key, entry, counts, ranges } of work) {
        const next = ranges.length > 0 ? splice(entry, ranges, read.get(key) ?? emptyPartials()) : entry;
        for (const range of ranges) {
          for (let day = range.start; day < range.end; day += DAY_MS) {
            const count = counts.get(day);
            if (count === undefined) next.days.delete(day);
            else next.days.set(day, count);
          }
        }
        entries.install(key, next, now);
        held.set(key, next);
      }
      entries.evict();
      return reduceEachSeries(selection, width, (assetId, metricId) => {
        const entry = held.get(seriesKey(assetId, metricId));
        if (!entry) return null;
        const points = intervalPoints(entry, window, intervalMs, aggregation);
        return { points, start: 0, end: points.timestamps.length };
      });
    },
    clear: () => entries.clear(),
  };
}

/** Interval buckets of [start, end) folded from hour partials, with their value and highest status. */
function intervalPoints(
  series: Partials,
  window: { start: number; end: number },
  intervalMs: number,
  aggregation: Exclude<Aggregation, 'RAW'>,
) {
  const { buckets, mins, maxs, sums, counts, sumSqs, statuses } = series;
  const last = lowerBound(buckets, buckets.length, window.end);
  const points: { timestamps: number[]; values: number[]; statuses: number[] } = {
    timestamps: [],
    values: [],
    statuses: [],
  };
  for (let index = lowerBound(buckets, buckets.length, window.start); index < last;) {
    const bucket = alignDown(buckets[index] ?? 0, intervalMs);
    const partial = { min: Infinity, max: -Infinity, sum: 0, count: 0, sumSq: 0 };
    let status = -2147483648;
    for (; index < last && (buckets[index] ?? 0) < bucket + intervalMs; index++) {
      partial.min = Math.min(partial.min, mins[index] ?? Infinity);
      partial.max = Math.max(partial.max, maxs[index] ?? -Infinity);
      partial.sum += sums[index] ?? 0;
      partial.count += counts[index] ?? 0;
      partial.sumSq += sumSqs[index] ?? 0;
      status = Math.max(status, statuses[index] ?? 0);
    }
    points.timestamps.push(bucket);
    points.values.push(aggregateValue(partial, aggregation));
    points.statuses.push(status);
  }
  return points;
}
