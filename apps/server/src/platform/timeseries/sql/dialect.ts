/**
 * The few places where DuckDB and ClickHouse 18.16 SQL differ. Everything else in `pointSql.ts` is written once
 * in the subset both accept: nested subqueries (18.16 has no CTEs over subqueries and no window functions),
 * integer division for buckets, argMin/argMax.
 */
export interface SqlDialect {
  intDiv(numerator: string, denominator: number): string;
  /** Expressions that fold rollup rows of one bucket: plain aggregates on DuckDB, -Merge combinators on ClickHouse. */
  rollup: { min: string; max: string; sum: string; count: string; sumSq: string; status: string };
  argMin: string;
  argMax: string;
  /** Rows (asset_id, metric_id, ts, value, status) from the columns t1..t4, v1..v4 and sx of an M4 query. */
  unpivotM4(columnsSql: string): string;
}

export const duckDbDialect: SqlDialect = {
  intDiv: (numerator, denominator) => `(${numerator}) // ${denominator}`,
  rollup: {
    min: 'min(min_value)',
    max: 'max(max_value)',
    sum: 'sum(sum_value)',
    count: 'sum(count_value)',
    sumSq: 'sum(sum_sq)',
    status: 'max(max_status)',
  },
  argMin: 'arg_min',
  argMax: 'arg_max',
  // Several UNNESTs in one SELECT are zipped by position.
  unpivotM4: (columnsSql) => `SELECT asset_id, metric_id, unnest([t1, t2, t3, t4]) AS ts,
      unnest([v1, v2, v3, v4]) AS value, sx AS status
    FROM (${columnsSql}) AS c`,
};

export const clickHouseDialect: SqlDialect = {
  intDiv: (numerator, denominator) => `intDiv(${numerator}, ${denominator})`,
  rollup: {
    min: 'minMerge(min_value)',
    max: 'maxMerge(max_value)',
    sum: 'sumMerge(sum_value)',
    count: 'countMerge(count_value)',
    sumSq: 'sumMerge(sum_sq)',
    status: 'maxMerge(max_status)',
  },
  argMin: 'argMin',
  argMax: 'argMax',
  // Several arrays in one ARRAY JOIN are zipped by position; the aliases are new names, not columns of c.
  unpivotM4: (columnsSql) => `SELECT asset_id, metric_id, ts, value, sx AS status
    FROM (${columnsSql}) AS c
    ARRAY JOIN [t1, t2, t3, t4] AS ts, [v1, v2, v3, v4] AS value`,
};
