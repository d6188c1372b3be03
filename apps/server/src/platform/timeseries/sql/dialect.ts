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
  /**
   * The time of the minimum and of the maximum value, the earliest of equal ones, as the domain's M4 keeps them:
   * argMin alone breaks ties arbitrarily, and aggregates (counts, quantised sensors) tie all the time.
   */
  tsOfMin(value: string, ts: string): string;
  tsOfMax(value: string, ts: string): string;
  /** Rows (asset_id, metric_id, ts, value, status) from the columns t1..t4, v1..v4 and sx of an M4 query. */
  unpivotM4(columnsSql: string): string;
  /**
   * The greatest row of a group by the given columns compared left to right (a struct on DuckDB, a tuple on
   * ClickHouse): one aggregate that keeps a row's columns together, where an argMax per column could take them
   * from different rows of equal timestamp. `tupleField` reads its columns back, 0-based.
   */
  maxTuple(fields: readonly string[]): string;
  tupleField(tuple: string, index: number): string;
}

/**
 * DuckDB rollup rows of a single point leave max_value, sum_value and sum_sq NULL, since all three follow from
 * min_value (the point's value, and its square computed the same way): where data is sparser than the bucket
 * (a point every 10 minutes against 1-minute buckets) those columns were most of the database, and a column of
 * NULLs costs almost nothing. Every fold reads them through these expressions.
 */
export const DUCKDB_ROLLUP_COLUMNS = {
  max: 'coalesce(max_value, min_value)',
  sum: 'coalesce(sum_value, min_value)',
  sumSq: 'coalesce(sum_sq, min_value * min_value)',
} as const;

export const duckDbDialect: SqlDialect = {
  intDiv: (numerator, denominator) => `(${numerator}) // ${denominator}`,
  rollup: {
    min: 'min(min_value)',
    max: `max(${DUCKDB_ROLLUP_COLUMNS.max})`,
    sum: `sum(${DUCKDB_ROLLUP_COLUMNS.sum})`,
    count: 'sum(count_value)',
    sumSq: `sum(${DUCKDB_ROLLUP_COLUMNS.sumSq})`,
    status: 'max(max_status)',
  },
  argMin: 'arg_min',
  argMax: 'arg_max',
  tsOfMin: (value, ts) => `arg_min(${ts}, {'v': ${value}, 't': ${ts}})`,
  tsOfMax: (value, ts) => `arg_max(${ts}, {'v': ${value}, 'n': -${ts}})`,
  // Several UNNESTs in one SELECT are zipped by position.
  unpivotM4: (columnsSql) => `SELECT asset_id, metric_id, unnest([t1, t2, t3, t4]) AS ts,
      unnest([v1, v2, v3, v4]) AS value, sx AS status
    FROM (${columnsSql}) AS c`,
  maxTuple: (fields) => `max({${fields.map((field, index) => `'f${index}': ${field}`).join(', ')}})`,
  tupleField: (tuple, index) => `struct_extract(${tuple}, 'f${index}')`,
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
  tsOfMin: (value, ts) => `argMin(${ts}, (${value}, ${ts}))`,
  tsOfMax: (value, ts) => `argMax(${ts}, (${value}, -${ts}))`,
  // Several arrays in one ARRAY JOIN are zipped by position; the aliases are new names, not columns of c.
  unpivotM4: (columnsSql) => `SELECT asset_id, metric_id, ts, value, sx AS status
    FROM (${columnsSql}) AS c
    ARRAY JOIN [t1, t2, t3, t4] AS ts, [v1, v2, v3, v4] AS value`,
  maxTuple: (fields) => `max((${fields.join(', ')}))`,
  tupleField: (tuple, index) => `tupleElement(${tuple}, ${index + 1})`,
};
