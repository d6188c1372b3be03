import pg from 'pg';
import type { PointColumns } from '../../apps/server/src/platform/timeseries/timeSeriesStore.ts';

/**
 * The baseline: one plain PostgreSQL table with a btree index on (asset_id, metric_id, ts), the usual first
 * design. It lives in a schema of its own, dropped at the end.
 */
export interface PostgresBaseline {
  insert(columns: PointColumns): Promise<void>;
  /** The aggregate core of M4 (first/last time and min/max value per pixel column) over raw rows. */
  m4Core(
    assetId: number,
    metricIds: readonly number[],
    from: number,
    to: number,
    width: number,
  ): Promise<number>;
  /** Averages per interval bucket over raw rows: PostgreSQL has no rollups here. */
  bucketAverages(
    assetId: number,
    metricIds: readonly number[],
    from: number,
    to: number,
    intervalMs: number,
  ): Promise<number>;
  bytesPerPoint(): Promise<number>;
  drop(): Promise<void>;
}

const INSERT_ROWS = 20_000;

export async function openPostgresBaseline(url: string): Promise<PostgresBaseline> {
  const schema = `kelvin_bench_${process.pid}`;
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pool.query(`CREATE SCHEMA ${schema}`);
  await pool.query(`CREATE TABLE points (
    asset_id integer NOT NULL, metric_id integer NOT NULL, ts bigint NOT NULL,
    value double precision NOT NULL, status integer NOT NULL)`);
  await pool.query('CREATE INDEX points_series_ts ON points USING btree (asset_id, metric_id, ts)');
  return {
    insert: async (columns) => {
      for (let offset = 0; offset < columns.timestamps.length; offset += INSERT_ROWS) {
        const end = Math.min(offset + INSERT_ROWS, columns.timestamps.length);
        await pool.query(
          `INSERT INTO points
           SELECT * FROM unnest($1::integer[], $2::integer[], $3::bigint[], $4::double precision[], $5::integer[])`,
          [
            Array.from(columns.assetIds.subarray(offset, end)),
            Array.from(columns.metricIds.subarray(offset, end)),
            Array.from(columns.timestamps.subarray(offset, end)),
            Array.from(columns.values.subarray(offset, end)),
            Array.from(columns.statuses.subarray(offset, end)),
          ],
        );
      }
    },
    m4Core: async (assetId, metricIds, from, to, width) => {
      const result = await pool.query(
        `SELECT metric_id, (ts - $2) * $4 / ($3 - $2) AS px, min(ts), max(ts), min(value), max(value)
         FROM points WHERE asset_id = $1 AND metric_id = ANY($5::integer[]) AND ts >= $2 AND ts < $3
         GROUP BY metric_id, px`,
        [assetId, from, to, width, metricIds],
      );
      return result.rowCount ?? 0;
    },
    bucketAverages: async (assetId, metricIds, from, to, intervalMs) => {
      const result = await pool.query(
        `SELECT metric_id, ts / $4 * $4 AS bucket, avg(value)
         FROM points WHERE asset_id = $1 AND metric_id = ANY($5::integer[]) AND ts >= $2 AND ts < $3
         GROUP BY metric_id, bucket`,
        [assetId, from, to, intervalMs, metricIds],
      );
      return result.rowCount ?? 0;
    },
    bytesPerPoint: async () => {
      await pool.query('VACUUM ANALYZE points');
      const result = await pool.query<{ bytes: string; points: string }>(
        `SELECT pg_total_relation_size('points')::text AS bytes, (SELECT count(*) FROM points)::text AS points`,
      );
      const row = result.rows[0];
      return row ? Number(row.bytes) / Number(row.points) : Number.NaN;
    },
    drop: async () => {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}
