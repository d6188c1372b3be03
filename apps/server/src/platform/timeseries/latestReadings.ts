import { HOUR_MS } from '@kelvin/domain';
import type { PointRows } from './queryExecution.ts';
import { DETAIL_COLUMNS, DETAILS_TABLE, fromDetailRow, type DetailRow } from './readingDetails.ts';
import type { SqlDialect } from './sql/dialect.ts';
import { RAW_TABLE, ROLLUP_TABLES } from './sql/pointSql.ts';
import type { LatestReading, ReadingDetail } from './timeSeriesStore.ts';

/** What an engine provides so that `latest` is planned once for both; all reads should share one snapshot. */
export interface LatestEngine {
  dialect: SqlDialect;
  /** Rows `asset_id, metric_id, ts, value, status`, in any order. */
  selectPoints(sql: string): Promise<PointRows>;
  /** Rows of DETAIL_COLUMNS, in any order. */
  selectDetails(sql: string): Promise<DetailRow[]>;
}

/**
 * Per series, its newest hour of the hour rollup at or after `sinceHour`, read as point rows whose ts is that hour.
 * The hour rollup is the smallest table that knows every series: one row per series and hour once compacted.
 */
export function lastHoursSql(sinceHour: number): string {
  return `SELECT asset_id, metric_id, max(bucket) AS ts, 0 AS value, 0 AS status
  FROM ${ROLLUP_TABLES.hour} WHERE bucket >= ${sinceHour}
  GROUP BY asset_id, metric_id`;
}

/** Per series, its newest raw point in [from, to); of equal timestamps the highest (value, status). */
export function newestPointsSql(dialect: SqlDialect, from: number, to: number): string {
  const field = (index: number) => dialect.tupleField('p', index);
  return `SELECT asset_id, metric_id, ${field(0)} AS ts, ${field(1)} AS value, ${field(2)} AS status FROM (
    SELECT asset_id, metric_id, ${dialect.maxTuple(['ts', 'value', 'status'])} AS p
    FROM ${RAW_TABLE} WHERE ts >= ${from} AND ts < ${to}
    GROUP BY asset_id, metric_id
  ) AS n`;
}

/** Per series, its newest detail at or after `since`; the table is small (pruned to about one row a series). */
export function newestDetailsSql(dialect: SqlDialect, since: number): string {
  const columns = DETAIL_COLUMNS.split(', ').slice(2);
  const fields = columns.map((column, index) => `${dialect.tupleField('p', index)} AS ${column}`);
  return `SELECT asset_id, metric_id, ${fields.join(', ')} FROM (
    SELECT asset_id, metric_id, ${dialect.maxTuple(columns)} AS p
    FROM ${DETAILS_TABLE} WHERE ts >= ${since}
    GROUP BY asset_id, metric_id
  ) AS n`;
}

const keyOf = (assetId: number, metricId: number): string => `${assetId}:${metricId}`;

/** Sorted distinct hours as runs of consecutive hours, [start, end) each. */
export function hourRuns(hours: Iterable<number>): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  for (const hour of [...new Set(hours)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last.end === hour) last.end = hour + HOUR_MS;
    else runs.push({ start: hour, end: hour + HOUR_MS });
  }
  return runs;
}

/**
 * The newest reading of every series since `since`. Scanning raw points over the whole lookback (90 days by
 * default) would read every point stored; instead the hour rollup names each series' newest hour, and raw points
 * are read only in those hours: a live fleet's newest hour is the current one, so most of the work is one hour
 * of points. Series whose newest hours differ are read per run of consecutive hours, each run pruned by time.
 */
export async function latestReadings(engine: LatestEngine, since: number): Promise<LatestReading[]> {
  const lastHours = await engine.selectPoints(lastHoursSql(Math.floor(since / HOUR_MS) * HOUR_MS));
  const hourOf = new Map<string, number>();
  lastHours.timestamps.forEach((hour, index) => {
    hourOf.set(keyOf(lastHours.assetIds[index] ?? 0, lastHours.metricIds[index] ?? 0), hour);
  });

  const newest = new Map<string, LatestReading>();
  for (const run of hourRuns(hourOf.values())) {
    const rows = await engine.selectPoints(
      newestPointsSql(engine.dialect, Math.max(run.start, since), run.end),
    );
    rows.timestamps.forEach((ts, index) => {
      const assetId = rows.assetIds[index] ?? 0;
      const metricId = rows.metricIds[index] ?? 0;
      const key = keyOf(assetId, metricId);
      // A series with later hours is read in a later run: here it is only as new as this run.
      const hour = hourOf.get(key);
      if (hour === undefined || hour < run.start || hour >= run.end) return;
      const value = rows.values[index] ?? 0;
      const status = rows.statuses[index] ?? 0;
      newest.set(key, { kind: 'point', assetId, metricId, ts, value, status });
    });
  }

  for (const row of await engine.selectDetails(newestDetailsSql(engine.dialect, since))) {
    const detail: ReadingDetail = fromDetailRow(row);
    const key = keyOf(detail.assetId, detail.metricId);
    const point = newest.get(key);
    // A detail of the same instant is the same reading told in full (a number with its own units, say).
    if (!point || detail.ts >= point.ts) newest.set(key, { kind: 'detail', ...detail });
  }
  return [...newest.values()];
}
