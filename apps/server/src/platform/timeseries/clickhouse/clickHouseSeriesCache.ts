import { alignDown, HOUR_MS } from '@kelvin/domain';
import { askedAgain, reduceEachSeries } from '../duckdb/duckDbCachedM4.ts';
import type { PointRows } from '../queryExecution.ts';
import { emptyHeldPoints, splicePoints, type HeldPoints, type ReadPoints } from './clickHouseHeldPoints.ts';
import { changedRanges, countsBySeries, createEntryBudget, rangesWhere } from './clickHouseCountCheck.ts';
import { CACHED_POINT_BYTES, lowerBound, seriesKey } from '../rawSeriesCache.ts';
import { integerList, RAW_TABLE, ROLLUP_TABLES, type SeriesSelection } from '../sql/pointSql.ts';

const MINUTE_MS = 60_000;

/** A series' points from `from` on, with how many there are in each minute. */
interface Entry extends HeldPoints {
  from: number;
  counts: Map<number, number>;
  /** The same counts summed per hour, for the hours the check counts whole. */
  hours: Map<number, number>;
  lastUsed: number;
}

/**
 * How the count check divides [start, end): whole hours in between, minutes before the first hour boundary and
 * from the last one on (where a live chart's points arrive, and where its start moves on minute by minute).
 */
function countUnits(start: number, end: number) {
  const head = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const tail = Math.max(head, alignDown(end - 1, HOUR_MS));
  const whole = (unit: number): boolean => unit >= head && unit < tail;
  return { head, tail, unitEnd: (unit: number) => unit + (whole(unit) ? HOUR_MS : MINUTE_MS) };
}

/** Reads numeric result rows as columns (clickHouseRows.ts). */
export type SelectNumbers = (sql: string, columnCount: number) => Promise<number[][]>;

/**
 * Raw series of refreshing charts, held in this process and checked against ClickHouse on every ask. Several
 * server processes write the same tables, so this process cannot learn of every insert as DuckDB's cache does;
 * instead each ask reads the minute rollup's point count per series and unit (countUnits: by hour for the closed
 * hours, by minute at the window's edges; ~2,900 rows for a day of 20 series instead of 28,800 minutes, whose
 * parsing and comparison took half a warm ask), and re-reads from ts_raw only the units whose count differs from
 * what is held: for a live chart, its newest minute or two. The rollup is written by the same INSERT as the raw points, just after
 * them (clickHouseSchema.ts), so a count never runs ahead of the points it counts; a minute read while its
 * INSERT is half-way holds what was read and is read again once the counts differ.
 *
 * Like DuckDB's, a series enters on its second ask within CACHE_ADMISSION_MS, and only when the selection fits
 * the budget; the least recently used series leave first.
 */
export function createClickHouseSeriesCache(
  select: SelectNumbers,
  selectPoints: (sql: string) => Promise<PointRows>,
  budgetBytes: number,
) {
  const entries = createEntryBudget<Entry>(
    budgetBytes,
    (entry) => entry.timestamps.length * CACHED_POINT_BYTES,
  );
  const asked = new Map<string, number>();

  /** Per series, the minute rollup's counts of [start, end) by countUnits. */
  const rollupCounts = async (selection: SeriesSelection, start: number, end: number) => {
    const { head, tail } = countUnits(start, end);
    return countsBySeries(
      await select(
        `SELECT asset_id, metric_id,
          if(bucket >= ${head} AND bucket < ${tail}, intDiv(bucket, ${HOUR_MS}) * ${HOUR_MS}, bucket) AS unit,
          countMerge(count_value) AS n
        FROM ${ROLLUP_TABLES.minute}
        WHERE asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})
          AND bucket >= ${start} AND bucket < ${end}
        GROUP BY asset_id, metric_id, unit`,
        4,
      ),
    );
  };

  /** What `entry` holds of [start, end) counted in countUnits. */
  const heldCounts = (entry: Entry, start: number, end: number): Map<number, number> => {
    const { head, tail } = countUnits(start, end);
    const held = new Map<number, number>();
    const minutes = (from: number, to: number): void => {
      for (let minute = from; minute < to; minute += MINUTE_MS) {
        const count = entry.counts.get(minute);
        if (count !== undefined) held.set(minute, count);
      }
    };
    minutes(start, Math.min(head, end));
    for (const [hour, count] of entry.hours) if (hour >= head && hour < tail) held.set(hour, count);
    minutes(Math.max(tail, start), end);
    return held;
  };

  /** The entry with its changed ranges replaced by the points read for them (sorted by ts). */
  const splice = (
    entry: Entry,
    ranges: readonly { start: number; end: number }[],
    read: ReadPoints,
  ): Entry => {
    const next: Entry = {
      ...entry,
      ...splicePoints(entry, ranges, read),
      counts: new Map(entry.counts),
      hours: new Map(entry.hours),
    };
    for (const range of ranges) {
      for (let minute = range.start; minute < range.end; minute += MINUTE_MS) next.counts.delete(minute);
    }
    for (const ts of read.timestamps) {
      const minute = alignDown(ts, MINUTE_MS);
      next.counts.set(minute, (next.counts.get(minute) ?? 0) + 1);
    }
    for (const range of ranges) {
      for (let hour = alignDown(range.start, HOUR_MS); hour < range.end; hour += HOUR_MS) {
        let sum = 0;
        for (let minute = hour; minute < hour + HOUR_MS; minute += MINUTE_MS)
          sum += next.counts.get(minute) ?? 0;
        if (sum > 0) next.hours.set(hour, sum);
        else next.hours.delete(hour);
      }
    }
    return next;
  };

  return {
    /**
     * Raw M4 of the selection from held series, brought up to date first; null when the database should answer
     * (a first ask, or more points than the budget).
     */
    async rawM4(selection: SeriesSelection, width: number): Promise<PointRows | null> {
      const start = alignDown(selection.from, MINUTE_MS);
      const end = selection.to;
      const keys = selection.assetIds.flatMap((assetId) =>
        selection.metricIds.map((metricId) => ({ assetId, metricId, key: seriesKey(assetId, metricId) })),
      );
      const missing = keys.filter(({ key }) => (entries.get(key)?.from ?? Infinity) > start);
      const missingNames = missing.map(({ assetId, metricId }) => `${assetId}:${metricId}`);
      if (missing.length > 0 && !askedAgain(asked, missingNames, Date.now())) return null;
      const rollup = await rollupCounts(selection, start, end);
      let points = 0;
      for (const counts of rollup.values()) for (const count of counts.values()) points += count;
      if (points * CACHED_POINT_BYTES > budgetBytes) return null;

      const now = Date.now();
      const work = keys.map(({ assetId, metricId, key }) => {
        const held = entries.get(key);
        const entry: Entry =
          held && held.from <= start
            ? held
            : {
                ...emptyHeldPoints(),
                from: start,
                counts: new Map(),
                hours: new Map(),
                lastUsed: now,
              };
        return {
          assetId,
          metricId,
          key,
          entry,
          ranges: changedRanges(
            heldCounts(entry, start, end),
            rollup.get(key) ?? new Map<number, number>(),
            { start, end },
            countUnits(start, end).unitEnd,
          ),
        };
      });
      const stale = work.filter((series) => series.ranges.length > 0);
      const read = new Map<number, ReadPoints>();
      if (stale.length > 0) {
        const where = rangesWhere(stale, 'ts');
        const { assetIds, metricIds, timestamps, values, statuses } = await selectPoints(
          `SELECT asset_id, metric_id, ts, value, status FROM ${RAW_TABLE}
          WHERE asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})
            AND (${where})
          ORDER BY asset_id, metric_id, ts, value, status`,
        );
        timestamps.forEach((ts, index) => {
          const key = seriesKey(assetIds[index] ?? 0, metricIds[index] ?? 0);
          const series = read.get(key) ?? { timestamps: [], values: [], statuses: [] };
          series.timestamps.push(ts);
          series.values.push(values[index] ?? 0);
          series.statuses.push(statuses[index] ?? 0);
          read.set(key, series);
        });
      }
      const held = new Map<number, Entry>();
      for (const { key, entry, ranges } of work) {
        const next =
          ranges.length > 0
            ? splice(entry, ranges, read.get(key) ?? { timestamps: [], values: [], statuses: [] })
            : entry;
        entries.install(key, next, now);
        held.set(key, next);
      }
      entries.evict();
      return reduceEachSeries(selection, width, (assetId, metricId) => {
        const entry = held.get(seriesKey(assetId, metricId));
        if (!entry) return null;
        const { length } = entry;
        return {
          points: entry,
          start: lowerBound(entry.timestamps, length, selection.from),
          end: lowerBound(entry.timestamps, length, selection.to),
        };
      });
    },
    /** Retention deleted points: everything is read again. */
    clear: () => entries.clear(),
  };
}
