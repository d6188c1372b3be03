import { DAY_MS } from '@kelvin/domain';
import { RAW_TABLE, ROLLUP_TABLES } from '../sql/pointSql.ts';
import { DETAILS_SCHEMA_SQL, detailsRetentionSql } from './duckDbLatest.ts';
import {
  STAGE_TILES_TABLE,
  TILE_COLUMNS,
  tileRetentionSql,
  TILE_MS,
  TILES_SCHEMA_SQL,
  TILES_TABLE,
} from './duckDbTiles.ts';

/**
 * Batch ids stored with their points in the same transaction, so that a re-sent batch is recognised exactly
 * (InsertOptions.batchId). No unique index: the single serialized writer checks before it inserts, and a scan of a
 * week of ids (a few hundred thousand short strings) costs about a millisecond.
 */
export const BATCHES_TABLE = 'ts_batches';
/** A retry comes within minutes; after a week an id is forgotten, keeping the table (and its scans) small. */
export const BATCH_ID_RETENTION_MS = 7 * 24 * 3_600_000;

/** Hours that received points since they were last compacted. */
export const DIRTY_TABLE = 'ts_dirty_hours';
/** Days that received points, and whether compaction has since rewritten each as a whole, sorted by series. */
export const DAYS_TABLE = 'ts_days';
/**
 * The compaction unit. An hour, so that the last 24 h (what charts show most) is sorted and prunable by series
 * at most an hour after it arrives; 2 Hz series still give 7200-point runs, long enough to compress well.
 */
export const COMPACTION_PERIOD_MS = 3_600_000;
export const ROLLUPS = [
  [ROLLUP_TABLES.minute, 60_000],
  [ROLLUP_TABLES.hour, 3_600_000],
] as const;

/**
 * No indexes anywhere: DuckDB prunes by per-row-group min/max (zone maps), and an ART index would cost memory,
 * disk (it was most of the file in a trial) and a third of the ingest time. Rollups are therefore append-only
 * partials, like an AggregatingMergeTree: each batch appends one row per touched bucket, queries fold rows of a
 * bucket together (they GROUP BY anyway), and compaction folds them to one row per bucket.
 */
export const DUCKDB_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS ${RAW_TABLE} (
  asset_id INTEGER NOT NULL,
  metric_id INTEGER NOT NULL,
  ts BIGINT NOT NULL,
  value DOUBLE NOT NULL,
  status INTEGER NOT NULL
);
${ROLLUPS.map(
  ([table]) => `CREATE TABLE IF NOT EXISTS ${table} (
  asset_id INTEGER NOT NULL,
  metric_id INTEGER NOT NULL,
  bucket BIGINT NOT NULL,
  min_value DOUBLE NOT NULL,
  max_value DOUBLE,
  sum_value DOUBLE,
  count_value BIGINT NOT NULL,
  sum_sq DOUBLE,
  max_status INTEGER NOT NULL
);`,
).join('\n')}
${TILES_SCHEMA_SQL}
CREATE TABLE IF NOT EXISTS ${DIRTY_TABLE} (period BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS ${DAYS_TABLE} (day BIGINT NOT NULL, sorted BOOLEAN NOT NULL);
CREATE TABLE IF NOT EXISTS ${BATCHES_TABLE} (batch_id VARCHAR NOT NULL, created_at BIGINT NOT NULL);
${DETAILS_SCHEMA_SQL}
`;

/** Databases created while every rollup column was NOT NULL (DUCKDB_ROLLUP_COLUMNS); idempotent. */
export const ROLLUP_NULLABLE_SQL = ROLLUPS.flatMap(([table]) =>
  ['max_value', 'sum_value', 'sum_sq'].map(
    (column) => `ALTER TABLE ${table} ALTER COLUMN ${column} DROP NOT NULL`,
  ),
).join(';\n');

/**
 * The rollup columns of a group of partial rows (`min_value`, `count_value`, ... read through
 * DUCKDB_ROLLUP_COLUMNS), with max, sum and sum of squares left NULL for a single point.
 */
export function foldedRollupColumns(partial: { max: string; sum: string; sumSq: string }): string {
  const unlessSingle = (expression: string): string =>
    `CASE WHEN sum(count_value) = 1 THEN NULL ELSE ${expression} END`;
  return `min(min_value), ${unlessSingle(`max(${partial.max})`)}, ${unlessSingle(`sum(${partial.sum})`)},
    sum(count_value), ${unlessSingle(`sum(${partial.sumSq})`)}, max(max_status)`;
}

/**
 * After a group's points were appended to the raw table and its tiles (with rollup partials) to the stage, in the
 * same transaction: the tiles move to the tile table, a partial row per touched rollup bucket is folded from them
 * (both bucket sizes are whole tiles; a late point adds a partial to its old tile and bucket, nothing is
 * rescanned), and the touched periods are marked for compaction, which also sorts the raw points by series.
 */
export const FOLD_STAGE_SQL = [
  `INSERT INTO ${TILES_TABLE} SELECT ${TILE_COLUMNS} FROM ${STAGE_TILES_TABLE} ORDER BY asset_id, metric_id, tile`,
  ...ROLLUPS.map(
    ([table, bucketMs]) => `INSERT INTO ${table}
  SELECT asset_id, metric_id, tile * ${TILE_MS} // ${bucketMs} * ${bucketMs} AS bucket,
    ${foldedRollupColumns({ max: 'max_value', sum: 'sum_value', sumSq: 'sum_sq' })}
  FROM ${STAGE_TILES_TABLE}
  GROUP BY asset_id, metric_id, bucket
  ORDER BY asset_id, metric_id, bucket`,
  ),
  `INSERT INTO ${DIRTY_TABLE}
  SELECT DISTINCT tile * ${TILE_MS} // ${COMPACTION_PERIOD_MS} FROM ${STAGE_TILES_TABLE}
  EXCEPT SELECT period FROM ${DIRTY_TABLE}`,
  `INSERT INTO ${DAYS_TABLE}
  SELECT day, false FROM (SELECT DISTINCT tile * ${TILE_MS} // ${DAY_MS} AS day FROM ${STAGE_TILES_TABLE}) AS touched
  WHERE day NOT IN (SELECT day FROM ${DAYS_TABLE})`,
  `DELETE FROM ${STAGE_TILES_TABLE}`,
];

export function retentionSql(cutoffs: {
  raw: number;
  minute: number;
  hour: number;
  batches: number;
}): string[] {
  return [
    `DELETE FROM ${BATCHES_TABLE} WHERE created_at < ${cutoffs.batches}`,
    `DELETE FROM ${RAW_TABLE} WHERE ts < ${cutoffs.raw}`,
    ...tileRetentionSql(cutoffs.raw),
    `DELETE FROM ${ROLLUP_TABLES.minute} WHERE bucket < ${cutoffs.minute}`,
    `DELETE FROM ${ROLLUP_TABLES.hour} WHERE bucket < ${cutoffs.hour}`,
    `DELETE FROM ${DAYS_TABLE} WHERE (day + 1) * ${DAY_MS} <= ${cutoffs.raw}`,
    ...detailsRetentionSql(cutoffs.raw),
  ];
}
