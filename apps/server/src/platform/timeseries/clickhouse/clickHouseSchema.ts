import { DETAILS_TABLE } from '../readingDetails.ts';
import { RAW_TABLE, ROLLUP_TABLES } from '../sql/pointSql.ts';

/**
 * Every insert goes into this Null table (it keeps nothing); its materialized views write the raw table, the
 * rollups and, for a batch with an id, the id (clickHouseBatches.ts), all from the same INSERT. Rows with mark = 1
 * carry only a batch id, rows with mark = 2 a reading's detail. 18.16 does not run the views of a table that a view writes to, so no view hangs off
 * ts_raw; the views are numbered because 18.16 runs them in order of name (the batch id last).
 */
export const INGEST_TABLE = 'ts_ingest';
/** Which of ts_ingest's views keeps a row. */
export const INGEST_MARK = { point: 0, batchId: 1, detail: 2 } as const;

/**
 * Portable to ClickHouse 18.16 (Debian's package): Int64 milliseconds instead of DateTime64, buckets by intDiv,
 * no codecs, no SimpleAggregateFunction. Monthly partitions (30 days) let retention drop whole parts.
 * Rollups are AggregatingMergeTree tables fed by materialized views on the raw table, so every insert (late and
 * out-of-order points included) adds states that merges fold together; queries finish with -Merge.
 */
const PARTITION_MS = 2_592_000_000;

export const CLICKHOUSE_SCHEMA_SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${INGEST_TABLE} (
    batch_id String,
    created_at Int64,
    mark UInt8,
    asset_id Int32,
    metric_id Int32,
    ts Int64,
    value Float64,
    status Int32,
    kind Int8,
    number Float64,
    text String,
    has_units UInt8,
    units String
  ) ENGINE = Null`,
  `CREATE TABLE IF NOT EXISTS ${RAW_TABLE} (
    asset_id Int32,
    metric_id Int32,
    ts Int64,
    value Float64,
    status Int32
  ) ENGINE = MergeTree()
  PARTITION BY intDiv(ts, ${PARTITION_MS})
  ORDER BY (asset_id, metric_id, ts)`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS ${INGEST_TABLE}_1_raw_mv TO ${RAW_TABLE} AS
    SELECT asset_id, metric_id, ts, value, status FROM ${INGEST_TABLE} WHERE mark = ${INGEST_MARK.point}`,
  ...(
    [
      [ROLLUP_TABLES.minute, 60_000, 2],
      [ROLLUP_TABLES.hour, 3_600_000, 3],
    ] as const
  ).flatMap(([table, bucketMs, order]) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      asset_id Int32,
      metric_id Int32,
      bucket Int64,
      min_value AggregateFunction(min, Float64),
      max_value AggregateFunction(max, Float64),
      sum_value AggregateFunction(sum, Float64),
      count_value AggregateFunction(count),
      sum_sq AggregateFunction(sum, Float64),
      max_status AggregateFunction(max, Int32)
    ) ENGINE = AggregatingMergeTree()
    PARTITION BY intDiv(bucket, ${PARTITION_MS})
    ORDER BY (asset_id, metric_id, bucket)`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${INGEST_TABLE}_${order}_${table}_mv TO ${table} AS
    SELECT asset_id, metric_id, intDiv(ts, ${bucketMs}) * ${bucketMs} AS bucket,
      minState(value) AS min_value, maxState(value) AS max_value, sumState(value) AS sum_value,
      countState() AS count_value, sumState(value * value) AS sum_sq, maxState(status) AS max_status
    FROM ${INGEST_TABLE}
    WHERE mark = ${INGEST_MARK.point}
    GROUP BY asset_id, metric_id, bucket`,
    // Before ts_ingest, the rollups' views read ts_raw: dropped once the new ones exist (an insert in between
    // from a process of the older version still reaches the rollups; none reaches them twice).
    `DROP TABLE IF EXISTS ${table}_mv`,
  ]),
  // Details (ReadingDetail): only each series' newest is read, so merges keep just that (the highest ts). No
  // partitions, so that a merge can fold a series' details of any age; queries take the newest of unmerged parts.
  // (Two details of one series at the same millisecond: a merge keeps the later inserted, queries before it the
  // greater; only a re-sent reading without a batch id makes such a pair.)
  `CREATE TABLE IF NOT EXISTS ${DETAILS_TABLE} (
    asset_id Int32,
    metric_id Int32,
    ts Int64,
    status Int32,
    kind Int8,
    number Float64,
    text String,
    has_units UInt8,
    units String
  ) ENGINE = ReplacingMergeTree(ts)
  ORDER BY (asset_id, metric_id)`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS ${INGEST_TABLE}_4_details_mv TO ${DETAILS_TABLE} AS
    SELECT asset_id, metric_id, ts, status, kind, number, text, has_units, units FROM ${INGEST_TABLE}
    WHERE mark = ${INGEST_MARK.detail}`,
];

/** Mutations are asynchronous in 18.16 (no mutations_sync); the store waits for them to finish. */
export function retentionSql(cutoffs: { raw: number; minute: number; hour: number }): string[] {
  return [
    `ALTER TABLE ${RAW_TABLE} DELETE WHERE ts < ${cutoffs.raw}`,
    `ALTER TABLE ${ROLLUP_TABLES.minute} DELETE WHERE bucket < ${cutoffs.minute}`,
    `ALTER TABLE ${ROLLUP_TABLES.hour} DELETE WHERE bucket < ${cutoffs.hour}`,
    `ALTER TABLE ${DETAILS_TABLE} DELETE WHERE ts < ${cutoffs.raw}`,
  ];
}

export const PENDING_MUTATIONS_SQL = `SELECT count() AS pending FROM system.mutations
  WHERE database = currentDatabase() AND is_done = 0`;

export const DISK_BYTES_SQL = `SELECT sum(bytes_on_disk) AS bytes FROM system.parts
  WHERE database = currentDatabase() AND active`;
