import { bucketWindow, type Aggregation, type SeriesSource } from '@kelvin/domain';
import type { SqlDialect } from './dialect.ts';

export const RAW_TABLE = 'ts_raw';
export const ROLLUP_TABLES = { minute: 'ts_rollup_1m', hour: 'ts_rollup_1h' } as const;

/**
 * Numbers are inlined rather than bound: both engines prune by min/max zone maps only on constants, and every
 * number here was checked to be a safe integer (`integerList`, `timeSeriesRequestProblem`), so nothing but digits
 * reaches the SQL.
 */
export function integerList(values: readonly number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new Error(`Not an integer id: ${value}`);
  }
  return values.join(', ');
}

export interface SeriesSelection {
  assetIds: readonly number[];
  metricIds: readonly number[];
  from: number;
  to: number;
}

function where(selection: SeriesSelection, timeColumn: string, from: number, to: number): string {
  return `asset_id IN (${integerList(selection.assetIds)}) AND metric_id IN (${integerList(selection.metricIds)})
    AND ${timeColumn} >= ${from} AND ${timeColumn} < ${to}`;
}

/** Raw points of the selection: columns asset_id, metric_id, ts, value, status. */
export function rawPointsSql(selection: SeriesSelection): string {
  return `SELECT asset_id, metric_id, ts, value, status FROM ${RAW_TABLE}
  WHERE ${where(selection, 'ts', selection.from, selection.to)}`;
}

/** The final value from the five partials; mirrors the domain's `aggregateValue` (population STDDEV). */
function valueExpression(aggregation: Exclude<Aggregation, 'RAW'>): string {
  switch (aggregation) {
    case 'AVERAGE':
      return 'sm / ct';
    case 'MIN':
      return 'mn';
    case 'MAX':
      return 'mx';
    case 'COUNT':
      return 'ct';
    case 'STDDEV':
      return 'sqrt(greatest(sq / ct - (sm / ct) * (sm / ct), 0.0))';
  }
}

/**
 * Aggregated points, one per interval bucket, from raw points or a rollup. Aliases avoid column names on purpose:
 * ClickHouse substitutes an alias everywhere in its SELECT, so `... AS ts` would rewrite the WHERE clause.
 */
export function aggregatedPointsSql(
  dialect: SqlDialect,
  selection: SeriesSelection,
  source: SeriesSource,
  intervalMs: number,
  aggregation: Exclude<Aggregation, 'RAW'>,
): string {
  const { start, end } = bucketWindow(selection.from, selection.to, intervalMs);
  const fromRaw = source === 'raw';
  const timeColumn = fromRaw ? 'ts' : 'bucket';
  const table = fromRaw ? RAW_TABLE : ROLLUP_TABLES[source];
  const partials = fromRaw
    ? 'min(value) AS mn, max(value) AS mx, sum(value) AS sm, count(*) AS ct, sum(value * value) AS sq, max(status) AS st'
    : `${dialect.rollup.min} AS mn, ${dialect.rollup.max} AS mx, ${dialect.rollup.sum} AS sm,
       ${dialect.rollup.count} AS ct, ${dialect.rollup.sumSq} AS sq, ${dialect.rollup.status} AS st`;
  return `SELECT asset_id, metric_id, bucket_ts AS ts, ${valueExpression(aggregation)} AS value, st AS status FROM (
    SELECT asset_id, metric_id, ${dialect.intDiv(timeColumn, intervalMs)} * ${intervalMs} AS bucket_ts, ${partials}
    FROM ${table}
    WHERE ${where(selection, timeColumn, start, end)}
    GROUP BY asset_id, metric_id, bucket_ts
  ) AS b`;
}

/**
 * M4 in the database: per series and pixel column the first, last, min and max point, repeats included (the
 * caller orders with `orderedSql(..., true)` and drops them, cheaper than DISTINCT here). The column expression is
 * the domain's `m4Column`. The points are read once; the dialect turns the four points of a column into rows
 * (UNNEST on DuckDB, ARRAY JOIN on ClickHouse).
 * Each of the four points carries the highest status of its column rather than its own: a fault shorter than a
 * pixel still colours the chart, and it saves four argMin/argMax aggregates, which are a third of the query's time.
 */
export function m4Sql(
  dialect: SqlDialect,
  pointsSql: string,
  from: number,
  to: number,
  width: number,
): string {
  const column = dialect.intDiv(`greatest(ts - ${from}, 0) * ${width}`, to - from);
  const { argMin, argMax } = dialect;
  const columns = `SELECT asset_id, metric_id, ${column} AS px, max(status) AS sx,
      min(ts) AS t1, ${argMin}(value, ts) AS v1, max(ts) AS t2, ${argMax}(value, ts) AS v2,
      ${dialect.tsOfMin('value', 'ts')} AS t3, min(value) AS v3, ${dialect.tsOfMax('value', 'ts')} AS t4,
      max(value) AS v4
    FROM (${pointsSql}) AS p
    GROUP BY asset_id, metric_id, px`;
  return dialect.unpivotM4(columns);
}

/** With `byValue`, repeated rows end up adjacent even when two points share a timestamp. */
export function orderedSql(pointsSql: string, byValue = false): string {
  return `SELECT asset_id, metric_id, ts, value, status FROM (${pointsSql}) AS o
  ORDER BY asset_id, metric_id, ts${byValue ? ', value, status' : ''}`;
}

/**
 * Occupied slots of width `slotMs` with their first and last point, per series: the input of the domain's
 * `regionsFromSlots`, and of gap fill after an M4 reduction.
 */
export function slotsSql(dialect: SqlDialect, pointsSql: string, slotMs: number): string {
  return `SELECT asset_id, metric_id, ${dialect.intDiv('ts', slotMs)} AS slot, min(ts) AS first_ts, max(ts) AS last_ts
  FROM (${pointsSql}) AS p
  GROUP BY asset_id, metric_id, slot
  ORDER BY asset_id, metric_id, slot`;
}
