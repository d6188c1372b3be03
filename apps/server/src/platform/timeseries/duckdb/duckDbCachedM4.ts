import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { m4Sorted, type SortedPoints } from '@kelvin/domain';
import type { PointRows } from '../queryExecution.ts';
import { CACHED_POINT_BYTES, lowerBound, seriesKey, type RawSeriesCache } from '../rawSeriesCache.ts';
import type { SeriesSelection } from '../sql/pointSql.ts';
import { countRawPoints, loadRawSeries, type SeriesKey } from './duckDbSeriesLoad.ts';
import { followMissedWrites, type SnapshotLoader } from './duckDbSnapshotLoad.ts';

export interface CachedM4Context {
  cache: RawSeriesCache;
  /** When each series missing from the cache was last asked for (admission on a second ask). */
  asked: Map<string, number>;
  budgetBytes: number;
  withReader: <T>(work: (connection: DuckDBConnection) => Promise<T>) => Promise<T>;
  /** Loads in a snapshot, then installs with the commits made meanwhile, without holding up ingest. */
  loader: SnapshotLoader;
}

/**
 * A series enters the cache when it is asked for again within this time: a chart that refreshes. Loading costs
 * about twice what the database takes to answer once, so a one-off look at history is answered from the
 * database and does not displace what live charts use.
 */
export const CACHE_ADMISSION_MS = 10 * 60_000;

/** Whether every missing series was asked for recently; records this ask for the next time. */
export function askedAgain(asked: Map<string, number>, keys: readonly string[], now: number): boolean {
  const again = keys.every((key) => now - (asked.get(key) ?? -Infinity) <= CACHE_ADMISSION_MS);
  for (const key of keys) asked.set(key, now);
  if (asked.size > 100_000) {
    for (const [key, at] of asked) if (now - at > CACHE_ADMISSION_MS) asked.delete(key);
  }
  return again;
}

/**
 * Raw M4 from the series cache, loading the series it lacks first (in a snapshot, then brought up to date with
 * what was committed while it was read, so that what is cached is exact). Null when the database should answer: series asked for the first time, or too big for the
 * budget.
 */
export async function cachedRawM4(
  context: CachedM4Context,
  selection: SeriesSelection,
  width: number,
): Promise<PointRows | null> {
  const { cache, budgetBytes } = context;
  const series = new Map<string, SortedPoints & { length: number }>();
  const missing: SeriesKey[] = [];
  for (const assetId of selection.assetIds) {
    for (const metricId of selection.metricIds) {
      const hit = cache.get(assetId, metricId, selection.from);
      if (hit) series.set(`${assetId}:${metricId}`, hit);
      else missing.push({ assetId, metricId });
    }
  }
  if (missing.length > 0) {
    const missingKeys = missing.map(({ assetId, metricId }) => `${assetId}:${metricId}`);
    if (!askedAgain(context.asked, missingKeys, Date.now())) return null;
    const points = await context.withReader((connection) =>
      countRawPoints(connection, missing, selection.from),
    );
    if (points * CACHED_POINT_BYTES > budgetBytes) return null;
    const loaded = await context.loader.load(
      (connection) => loadRawSeries(connection, missing, selection.from),
      (fresh, missed) => {
        const kept = new Map<string, SortedPoints & { length: number }>();
        const installed = new Set<number>();
        for (const [key, entry] of fresh) {
          const cached = cache.put(entry.assetId, entry.metricId, entry);
          if (cached) installed.add(seriesKey(entry.assetId, entry.metricId));
          kept.set(key, cached ?? { ...entry, length: entry.timestamps.length });
        }
        followMissedWrites(cache, missed, installed, missed.rawCutoff);
        return kept;
      },
    );
    for (const [key, entry] of loaded) series.set(key, entry);
  }
  return reduceEachSeries(selection, width, (assetId, metricId) => {
    const points = series.get(`${assetId}:${metricId}`);
    if (!points) return null;
    const start = lowerBound(points.timestamps, points.length, selection.from);
    return { points, start, end: lowerBound(points.timestamps, points.length, selection.to) };
  });
}

/**
 * M4 of each series of the selection over [from, to) (`pointsOf` says where its points are), as rows in the
 * order the engine's M4 hooks promise. It yields to the event loop before each series: from the caches a query
 * never waits on the database, and a run of them must not keep ingestion (whose commits complete as I/O
 * callbacks) from its turn for whole queries at a time.
 */
export async function reduceEachSeries(
  selection: SeriesSelection,
  width: number,
  pointsOf: (
    assetId: number,
    metricId: number,
  ) => { points: SortedPoints; start: number; end: number } | null,
): Promise<PointRows> {
  const rows: PointRows = { assetIds: [], metricIds: [], timestamps: [], values: [], statuses: [] };
  for (const assetId of selection.assetIds) {
    for (const metricId of selection.metricIds) {
      await nextTurn();
      const found = pointsOf(assetId, metricId);
      if (!found) continue;
      const range = { start: found.start, end: found.end, from: selection.from, to: selection.to, width };
      m4Sorted(found.points, range, (ts, value, status) => {
        rows.assetIds.push(assetId);
        rows.metricIds.push(metricId);
        rows.timestamps.push(ts);
        rows.values.push(value);
        rows.statuses.push(status);
      });
    }
  }
  return rows;
}
