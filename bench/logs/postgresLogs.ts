import pg from 'pg';
import { logLevels } from '@kelvin/contract';
import {
  fieldsText,
  levelRank,
  seqBase,
  type DeviceLogEntry,
  type DeviceLogQuery,
  type LogSourceCount,
} from '../../apps/server/src/platform/timeseries/deviceLogStore.ts';

/**
 * The baseline: the same records in one PostgreSQL table, as a relational first design would keep them, with a
 * btree on (asset_id, ts, seq) for newest-first pages and a pg_trgm GIN index on source and message (joined as the
 * stores' search column joins them) for case-insensitive substring search (ILIKE '%text%'). Queries answer what DeviceLogStore.query answers: newest
 * first, limit + 1 rows to tell whether more follow, the same keyset cursor. Its schema is dropped at the end.
 */
export interface PostgresLogs {
  /** Loads a CSV of (asset_id, ts, seq, level, source, message, fields) that the server process can read. */
  load(csvPath: string): Promise<{ loadSeconds: number; indexSeconds: number }>;
  /** Appends records with both indexes in place, as ingestion would, a statement per batch. */
  insert(entries: readonly DeviceLogEntry[]): Promise<void>;
  query(query: DeviceLogQuery): Promise<{ ts: number; seq: number }[]>;
  sources(query: { assetId: number; from: number; to: number; limit: number }): Promise<LogSourceCount[]>;
  bytes(): Promise<number>;
  drop(): Promise<void>;
}

/** What is searched: the source and the message, as the stores' search column joins them. */
const SEARCHED = `(source || E'\\n' || message)`;

/** ILIKE's wildcards and escape taken literally, as our search takes them. */
function likePattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function openPostgresLogs(url: string): Promise<PostgresLogs> {
  const schema = `kelvin_logs_bench_${process.pid}`;
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema},public` });
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pool.query(`CREATE SCHEMA ${schema}`);
  await pool.query(`CREATE TABLE device_logs (
    asset_id integer NOT NULL, ts bigint NOT NULL, seq bigint NOT NULL, level smallint NOT NULL,
    source text NOT NULL, message text NOT NULL, fields text)`);
  return {
    async load(csvPath) {
      const started = performance.now();
      await pool.query(`COPY device_logs FROM '${csvPath.replaceAll("'", "''")}' WITH (FORMAT csv)`);
      const loaded = performance.now();
      // Indexes after the load, as a bulk load would build them; memory enough to build each in one pass.
      const client = await pool.connect();
      try {
        await client.query(`SET maintenance_work_mem = '1GB'`);
        await client.query('CREATE INDEX device_logs_asset_ts ON device_logs (asset_id, ts DESC, seq DESC)');
        await client.query(
          `CREATE INDEX device_logs_text ON device_logs USING gin ((${SEARCHED}) gin_trgm_ops)`,
        );
        await client.query('VACUUM ANALYZE device_logs');
      } finally {
        client.release();
      }
      return { loadSeconds: (loaded - started) / 1000, indexSeconds: (performance.now() - loaded) / 1000 };
    },
    async insert(entries) {
      const base = seqBase();
      await pool.query(
        `INSERT INTO device_logs SELECT * FROM unnest($1::integer[], $2::bigint[], $3::bigint[], $4::smallint[],
          $5::text[], $6::text[], $7::text[])`,
        [
          entries.map((entry) => entry.assetId),
          entries.map((entry) => entry.ts),
          entries.map((_, index) => base + index),
          entries.map((entry) => levelRank(entry.level)),
          entries.map((entry) => entry.source),
          entries.map((entry) => entry.message),
          entries.map((entry) => fieldsText(entry.fields)),
        ],
      );
    },
    async query(query) {
      const conditions = ['asset_id = $1', 'ts >= $2'];
      const values: unknown[] = [query.assetId, query.from];
      const add = (condition: (n: string) => string, value: unknown) => {
        values.push(value);
        conditions.push(condition(`$${values.length}`));
      };
      if (query.to !== undefined) add((n) => `ts < ${n}`, query.to);
      if (query.levels?.length)
        add(
          (n) => `level = ANY(${n}::smallint[])`,
          query.levels.map((level) => logLevels.indexOf(level) + 1),
        );
      if (query.sources?.length) add((n) => `source = ANY(${n}::text[])`, query.sources);
      if (query.search?.trim()) add((n) => `${SEARCHED} ILIKE ${n}`, likePattern(query.search));
      if (query.before) {
        // The keyset condition as the store writes it (logSql.ts): the plain ts bound serves the index.
        values.push(query.before.ts, query.before.seq);
        const [ts, seq] = [`$${values.length - 1}::bigint`, `$${values.length}::bigint`];
        conditions.push(`ts <= ${ts} AND (ts < ${ts} OR seq < ${seq})`);
      }
      const result = await pool.query<{ ts: string; seq: string }>(
        `SELECT ts, seq, level, source, message, fields FROM device_logs WHERE ${conditions.join(' AND ')}
         ORDER BY ts DESC, seq DESC LIMIT ${query.limit + 1}`,
        values,
      );
      return result.rows.map((row) => ({ ts: Number(row.ts), seq: Number(row.seq) }));
    },
    async sources(query) {
      const result = await pool.query<{ source: string; n: string }>(
        `SELECT source, count(*) AS n FROM device_logs WHERE asset_id = $1 AND ts >= $2 AND ts < $3
         GROUP BY source ORDER BY source LIMIT $4`,
        [query.assetId, query.from, query.to, query.limit],
      );
      return result.rows.map((row) => ({ source: row.source, count: Number(row.n) }));
    },
    async bytes() {
      const result = await pool.query<{ bytes: string }>(
        `SELECT pg_total_relation_size('device_logs')::text AS bytes`,
      );
      return Number(result.rows[0]?.bytes ?? 0);
    },
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}
