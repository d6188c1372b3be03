import { alignDown, M4_BLOCK_POINTS, summarizeBlocks, type PointBlocks } from '@kelvin/domain';
import { askedAgain, reduceEachSeries } from '../duckdb/duckDbCachedM4.ts';
import type { PointRows } from '../queryExecution.ts';
import { changedRanges, countsBySeries, createEntryBudget, rangesWhere } from './clickHouseCountCheck.ts';
import { CACHED_POINT_BYTES, lowerBound, seriesKey } from '../rawSeriesCache.ts';
import { integerList, RAW_TABLE, ROLLUP_TABLES, type SeriesSelection } from '../sql/pointSql.ts';

const MINUTE_MS = 60_000;

/** A series' points from `from` on, in time order, with how many there are in each minute. */
interface Entry {
  from: number;
  timestamps: number[];
  values: number[];
  statuses: number[];
  counts: Map<number, number>;
  lastUsed: number;
  /** M4 summaries of whole blocks of points, so that a chart's columns skip the points inside them. */
  blocks?: PointBlocks | undefined;
}

/** Reads numeric result rows as columns (clickHouseRows.ts). */
export type SelectNumbers = (sql: string, columnCount: number) => Promise<number[][]>;

/**
 * Raw series of refreshing charts, held in this process and checked against ClickHouse on every ask. Several
 * server processes write the same tables, so this process cannot learn of every insert as DuckDB's cache does;
 * instead each ask reads the minute rollup's point count per series and minute (28,800 rows for a day of 20
 * series, about 10 ms), and re-reads from ts_raw only the minutes whose count differs from what is held: for a
 * live chart, its newest minute or two. The rollup is written by the same INSERT as the raw points, just after
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

  /** Per series, the minute rollup's counts of [start, end). */
  const rollupCounts = async (selection: SeriesSelection, start: number, end: number) =>
    countsBySeries(
      await select(
        `SELECT asset_id, metric_id, bucket, countMerge(count_value) AS n FROM ${ROLLUP_TABLES.minute}
        WHERE asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})
          AND bucket >= ${start} AND bucket < ${end}
        GROUP BY asset_id, metric_id, bucket`,
        4,
      ),
    );

  /** The entry with its changed ranges replaced by the points read for them (sorted by ts). */
  const splice = (
    entry: Entry,
    ranges: readonly { start: number; end: number }[],
    read: { timestamps: number[]; values: number[]; statuses: number[] },
  ): Entry => {
    // The points before the first change are copied whole (for a live chart, all but its newest minute or two).
    let old = lowerBound(entry.timestamps, entry.timestamps.length, ranges[0]?.start ?? Infinity);
    const firstChanged = old;
    const next: Entry = {
      ...entry,
      timestamps: entry.timestamps.slice(0, old),
      values: entry.values.slice(0, old),
      statuses: entry.statuses.slice(0, old),
      counts: new Map(entry.counts),
    };
    let fresh = 0;
    const take = (
      from: { timestamps: number[]; values: number[]; statuses: number[] },
      index: number,
    ): void => {
      next.timestamps.push(from.timestamps[index] ?? 0);
      next.values.push(from.values[index] ?? 0);
      next.statuses.push(from.statuses[index] ?? 0);
    };
    for (const range of ranges) {
      while (old < entry.timestamps.length && (entry.timestamps[old] ?? 0) < range.start) take(entry, old++);
      while (old < entry.timestamps.length && (entry.timestamps[old] ?? 0) < range.end) old++;
      for (let minute = range.start; minute < range.end; minute += MINUTE_MS) next.counts.delete(minute);
      while (fresh < read.timestamps.length && (read.timestamps[fresh] ?? 0) < range.end) {
        const minute = alignDown(read.timestamps[fresh] ?? 0, MINUTE_MS);
        next.counts.set(minute, (next.counts.get(minute) ?? 0) + 1);
        take(read, fresh++);
      }
    }
    while (old < entry.timestamps.length) take(entry, old++);
    next.blocks = blocksAfter(entry.blocks, next, firstChanged);
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
            : { from: start, timestamps: [], values: [], statuses: [], counts: new Map(), lastUsed: now };
        return {
          assetId,
          metricId,
          key,
          entry,
          ranges: changedRanges(
            entry.counts,
            rollup.get(key) ?? new Map<number, number>(),
            { start, end },
            MINUTE_MS,
          ),
        };
      });
      const stale = work.filter((series) => series.ranges.length > 0);
      const read = new Map<number, { timestamps: number[]; values: number[]; statuses: number[] }>();
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
        const length = entry.timestamps.length;
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

/** Block summaries of `points`: those wholly before `firstChanged` kept from `previous`, the rest computed. */
function blocksAfter(previous: PointBlocks | undefined, points: Entry, firstChanged: number): PointBlocks {
  const length = points.timestamps.length;
  const count = Math.ceil(length / M4_BLOCK_POINTS);
  const blocks = {
    minIndex: new Int32Array(count),
    maxIndex: new Int32Array(count),
    status: new Int32Array(count),
  };
  const kept = previous
    ? Math.min(Math.floor(firstChanged / M4_BLOCK_POINTS), previous.minIndex.length, count)
    : 0;
  if (previous) {
    blocks.minIndex.set(previous.minIndex.subarray(0, kept));
    blocks.maxIndex.set(previous.maxIndex.subarray(0, kept));
    blocks.status.set(previous.status.subarray(0, kept));
  }
  summarizeBlocks(points, length, blocks, kept * M4_BLOCK_POINTS);
  return blocks;
}
