import { RAW_TABLE } from '../sql/pointSql.ts';

/**
 * Precomputed M4 tiles: per series and 10-second tile (ts // TILE_MS), the first, last, minimum and maximum point
 * and the highest status. Grouping a day of 2 Hz raw points by pixel column costs 150-200 ms here (hash
 * aggregation of 3.5 M rows with arg_min/arg_max); the same answer from tiles groups 20x fewer rows. Like the
 * rollups, tiles are append-only partials: each insert appends one row per touched tile, a late point adds a
 * second row to its tile, and queries fold the rows of a pixel column (min of firsts, max of lasts, ...), which is
 * exact because every tile aggregate is decomposable; compaction rebuilds a period's tiles from its raw points.
 */
export const TILES_TABLE = 'ts_m4_tiles';
export const TILE_MS = 10_000;
/**
 * Series hours that compaction found too sparse for tiles (fewer than MIN_POINTS_PER_TILE points per tile, e.g. a
 * fleet reporting every 10 s): a tile there is as big as its one point, so the hour keeps no tiles and M4 reads
 * its raw points. Tile rows that arrive later for such an hour are ignored by queries and dropped by compaction.
 */
export const UNTILED_TABLE = 'ts_m4_untiled';
/**
 * The unit of that decision: the compaction period (COMPACTION_PERIOD_MS, an hour; not imported, since the schema
 * module imports this one), so that compaction decides each unit whole.
 */
export const UNTILED_MS = 3_600_000;
const MIN_POINTS_PER_TILE = 10;

export const TILES_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS ${TILES_TABLE} (
  asset_id INTEGER NOT NULL,
  metric_id INTEGER NOT NULL,
  tile BIGINT NOT NULL,
  first_ts BIGINT NOT NULL,
  first_value DOUBLE NOT NULL,
  last_ts BIGINT NOT NULL,
  last_value DOUBLE NOT NULL,
  min_ts BIGINT NOT NULL,
  min_value DOUBLE NOT NULL,
  max_ts BIGINT NOT NULL,
  max_value DOUBLE NOT NULL,
  max_status INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS ${UNTILED_TABLE} (asset_id INTEGER NOT NULL, metric_id INTEGER NOT NULL, hour BIGINT NOT NULL);`;

/**
 * The minimum point with the earliest timestamp among equal values, and likewise the maximum: what the domain's
 * M4 keeps (the first of equal extremes). arg_min alone breaks such ties arbitrarily (by thread and arrival), and
 * quantised sensor values tie all the time; comparing (value, ts) as a struct makes the choice exact.
 */
const EXTREMES = (minValue: string, minTs: string, maxValue: string, maxTs: string): string =>
  `min({'v': ${minValue}, 't': ${minTs}}) AS mn, max({'v': ${maxValue}, 'n': -${maxTs}}) AS mx`;
const SPLIT_EXTREMES =
  'CAST(mn.t AS BIGINT) AS min_ts, mn.v AS min_value, CAST(-mx.n AS BIGINT) AS max_ts, mx.v AS max_value';

/** Tile rows of points in `source` (columns asset_id, metric_id, ts, value, status), sorted by series. */
export function tileRowsSql(source: string, where = 'TRUE'): string {
  return `SELECT asset_id, metric_id, tile, first_ts, first_value, last_ts, last_value, ${SPLIT_EXTREMES},
    max_status
  FROM (
    SELECT asset_id, metric_id, CAST(ts AS BIGINT) // ${TILE_MS} AS tile,
      CAST(min(ts) AS BIGINT) AS first_ts, arg_min(value, ts) AS first_value,
      CAST(max(ts) AS BIGINT) AS last_ts, arg_max(value, ts) AS last_value,
      ${EXTREMES('value', 'ts', 'value', 'ts')}, max(status) AS max_status
    FROM ${source} WHERE ${where}
    GROUP BY asset_id, metric_id, tile
  ) AS g
  ORDER BY asset_id, metric_id, tile`;
}

/**
 * A group's tiles with the rollup partials of each tile (sum, count, sum of squares), computed in JS per batch
 * (tilePartials) and appended on the writer connection: the minute and hour rollups are then folded from these
 * rows, 20x fewer than the points at 2 Hz.
 */
export const STAGE_TILES_TABLE = 'ts_stage_tiles';
export const TILE_COLUMNS = `asset_id, metric_id, tile, first_ts, first_value, last_ts, last_value, min_ts, min_value,
  max_ts, max_value, max_status`;
export const STAGE_TILES_SCHEMA_SQL = `CREATE TEMP TABLE IF NOT EXISTS ${STAGE_TILES_TABLE} (
  asset_id INTEGER, metric_id INTEGER, tile BIGINT, first_ts BIGINT, first_value DOUBLE, last_ts BIGINT,
  last_value DOUBLE, min_ts BIGINT, min_value DOUBLE, max_ts BIGINT, max_value DOUBLE, max_status INTEGER,
  sum_value DOUBLE, count_value BIGINT, sum_sq DOUBLE
);`;

/** Folds tile rows and points of one pixel column into its first, last, minimum and maximum point (M4). */
export const FOLDED = `min(first_ts) AS first_ts, arg_min(first_value, first_ts) AS first_value,
    max(last_ts) AS last_ts, arg_max(last_value, last_ts) AS last_value,
    ${EXTREMES('min_value', 'min_ts', 'max_value', 'max_ts')}, max(max_status) AS max_status`;
/** The columns of a FOLDED row, extremes split out of their structs. */
export const FOLDED_COLUMNS = `first_ts, first_value, last_ts, last_value, ${SPLIT_EXTREMES}, max_status`;

/**
 * Compaction of [from, to) (hour-aligned) for the assets `assetFilter` narrows to (a SQL condition starting with
 * AND, or empty), inside the compaction transaction while `ts_compact_raw` holds their raw points: tiles are rebuilt from those points (one row per tile, sorted by series) rather than folded, so that an
 * hour once judged sparse becomes tiled again, complete, if late points made it dense.
 */
export function compactTilesSql(from: number, to: number, assetFilter: string): string[] {
  const hours = `hour >= ${from / UNTILED_MS} AND hour < ${to / UNTILED_MS}`;
  const dense = `(SELECT r.* FROM ts_compact_raw AS r JOIN ts_compact_density AS d
    ON r.asset_id = d.asset_id AND r.metric_id = d.metric_id AND r.ts // ${UNTILED_MS} = d.hour
    WHERE d.points >= ${MIN_POINTS_PER_TILE} * d.tiles) AS dense`;
  return [
    `DELETE FROM ${TILES_TABLE} WHERE tile >= ${from / TILE_MS} AND tile < ${to / TILE_MS}${assetFilter}`,
    `DELETE FROM ${UNTILED_TABLE} WHERE ${hours}${assetFilter}`,
    `CREATE OR REPLACE TEMP TABLE ts_compact_density AS
    SELECT asset_id, metric_id, ts // ${UNTILED_MS} AS hour, count(*) AS points, count(DISTINCT ts // ${TILE_MS}) AS tiles
    FROM ts_compact_raw GROUP BY asset_id, metric_id, hour`,
    `INSERT INTO ${UNTILED_TABLE} SELECT asset_id, metric_id, hour FROM ts_compact_density
    WHERE points < ${MIN_POINTS_PER_TILE} * tiles ORDER BY asset_id, metric_id, hour`,
    `INSERT INTO ${TILES_TABLE} ${tileRowsSql(dense)}`,
    'DROP TABLE ts_compact_density',
  ];
}

/**
 * Runs after raw retention deleted points before `cutoff`: tiles before it go too, and the tile that straddles the
 * cutoff is rebuilt from the raw points that remain, so that it never shows a deleted point.
 */
export function tileRetentionSql(cutoff: number): string[] {
  const straddlingEnd = Math.ceil(cutoff / TILE_MS) * TILE_MS;
  return [
    `DELETE FROM ${TILES_TABLE} WHERE tile * ${TILE_MS} < ${cutoff}`,
    `INSERT INTO ${TILES_TABLE} ${tileRowsSql(RAW_TABLE, `ts >= ${cutoff} AND ts < ${straddlingEnd}`)}`,
    `DELETE FROM ${UNTILED_TABLE} WHERE (hour + 1) * ${UNTILED_MS} <= ${cutoff}`,
  ];
}

/** A database written before tiles existed gets them once, from its raw points. */
export const BACKFILL_TILES_SQL = `INSERT INTO ${TILES_TABLE} ${tileRowsSql(RAW_TABLE)}`;
export const TILES_NEED_BACKFILL_SQL = `SELECT (SELECT count(*) FROM ${TILES_TABLE}) = 0
  AND EXISTS (SELECT 1 FROM ${RAW_TABLE})`;
