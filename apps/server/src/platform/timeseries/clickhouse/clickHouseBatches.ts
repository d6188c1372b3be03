import { createHash, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { InsertResult } from '../timeSeriesStore.ts';
import { createInsertQueue } from './clickHouseInsertQueue.ts';
import { INGEST_TABLE } from './clickHouseSchema.ts';

export const CLICKHOUSE_BATCHES_TABLE = 'ts_batches';
/** A retry comes within minutes; after a week an id is forgotten (18.16 has no TTL: retention deletes them). */
export const CLICKHOUSE_BATCH_ID_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Every row of an insert with a batch id carries the id, and a view on the ingest table records it in the same
 * INSERT. The view is named to run after the ingest table's other views: 18.16 runs a table's views one after
 * another, in order of name.
 */
export function batchesViewSql(ingestTable: string, order: number): string {
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${ingestTable}_${order}_batches_mv TO ${CLICKHOUSE_BATCHES_TABLE} AS
    SELECT batch_id, max(created_at) AS created_at FROM ${ingestTable}
    WHERE batch_id != ''
    GROUP BY batch_id`;
}

export const CLICKHOUSE_BATCHES_SCHEMA_SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${CLICKHOUSE_BATCHES_TABLE} (
    batch_id String,
    created_at Int64
  ) ENGINE = MergeTree()
  ORDER BY batch_id`,
  batchesViewSql(INGEST_TABLE, 9),
];

/** Rows of one kind for an ingest table, sent as external data named `name`. */
export interface BatchPart {
  name: string;
  /** ClickHouse's structure of the rows, e.g. "asset_id Int32, ts Int64". */
  structure: string;
  format: 'TabSeparated' | 'JSONEachRow';
  /** The rows in `format`, each ending with a newline; built only when there are any. */
  data: () => string;
  count: number;
  /** The ingest table's `columns` from these rows: their mark first, then an expression per column. */
  select: string;
}

/** A batch for an ingest table (batch_id, created_at, then `columns`, mark the first of them). */
export interface BatchRows {
  ingestTable: string;
  columns: readonly string[];
  parts: readonly BatchPart[];
}

export interface ClickHouseConnection {
  url: string;
  database: string;
  username: string;
  password: string;
}

/** ClickHouse's error codes that the batch insert expects. */
const QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING = 216;
const FUNCTION_THROW_IF_VALUE_IS_NON_ZERO = 395;
/** A process's batch inserts running at once (see createInsertQueue); two processes stay far below 100. */
const MAX_INSERTS_AT_ONCE = 8;
/** How long a send waits for an earlier send of the same id (still running on the server) to finish. */
const SAME_ID_WAIT_MS = 60_000;

/**
 * Batch ids on ClickHouse 18.16, exactly once, in one INSERT per batch. Weighed and not taken: a second INSERT
 * for the id (the crash window this replaces), insert_deduplicate (replicated tables only on 18.16, i.e.
 * ZooKeeper), a ReplacingMergeTree (duplicates live until a merge and the rollup views count them at once), and
 * a claim in PostgreSQL or Redis (a store the ClickHouse store does not otherwise need, and a claim released by
 * a crash still races the dead process's INSERT that ClickHouse keeps running). What is done:
 *
 *   INSERT INTO ts_ingest SELECT <id>, <now>, 0, asset_id, ... FROM points
 *   WHERE throwIf((SELECT count() FROM ts_batches WHERE batch_id = <id>) > 0) = 0
 *     AND intDiv(1, (SELECT count() FROM points) = <n>) = 1
 *
 * - The points (and a telemetry batch's details, or a log batch's entries) travel as external data (`points`, a multipart part read in full before the query starts), the
 *   query itself in the URL. The points and the id reach the tables in the same INSERT (the ingest table's views
 *   write ts_raw, the rollups and ts_batches), so no process death on our side can leave one without the other:
 *   ClickHouse runs a query whose request arrived to its end even when the client is gone, and a request cut
 *   short stores nothing (the count in the URL must match the rows that arrived, or the query divides by zero).
 * - The check is inside the same query, and the query's id is derived from the batch id: ClickHouse refuses a
 *   second query with the id of a running one (code 216, checked per user), so two sends of one id, from this
 *   process or another, cannot both pass the check. The refused one waits and asks again, then finds the id.
 * - A stored id makes throwIf fail (code 395) before anything is written: the answer is "duplicate".
 *
 * What remains: a failure inside ClickHouse half-way through the INSERT (disk full, too many parts) can leave a
 * table written and another not, as for any multi-table insert on 18.16; the batches view runs last, so such a
 * failure leaves the id unrecorded, and the retry may then store some points twice but loses none. Both server processes
 * must use the same ClickHouse user for the query-id lock to span them.
 */
export function createClickHouseBatchLog(connection: ClickHouseConnection) {
  const target = new URL(connection.url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const authorization = `Basic ${Buffer.from(`${connection.username}:${connection.password}`).toString('base64')}`;

  const queued = createInsertQueue(MAX_INSERTS_AT_ONCE);

  /** One attempt; resolves with ClickHouse's error code (0 for success). */
  const send = (sql: string, queryId: string, parts: readonly BatchPart[]): Promise<number> => {
    const params = new URLSearchParams({ database: connection.database, query_id: queryId, query: sql });
    const boundary = `kelvin-${randomUUID()}`;
    let body = '';
    for (const part of parts) {
      params.set(`${part.name}_structure`, part.structure);
      params.set(`${part.name}_format`, part.format);
      body += `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.name}"\r\n\r\n${part.data()}\r\n`;
    }
    if (parts.length > 0) body += `--${boundary}--\r\n`;
    const data = Buffer.from(body, 'utf8');
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          path: `${target.pathname.replace(/\/$/, '')}/?${params.toString()}`,
          method: 'POST',
          // A connection of its own: 18.16 closes idle keep-alive sockets after 3 s, and a request written to one
          // just then fails without saying whether the server saw it.
          agent: false,
          headers: {
            authorization,
            connection: 'close',
            'content-length': data.length,
            ...(parts.length > 0 ? { 'content-type': `multipart/form-data; boundary=${boundary}` } : {}),
          },
          timeout: SAME_ID_WAIT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            if (response.statusCode === 200) return resolve(0);
            const text = Buffer.concat(chunks).toString('utf8');
            const code = Number(/^Code: (\d+)/.exec(text)?.[1]);
            if (
              code === QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING ||
              code === FUNCTION_THROW_IF_VALUE_IS_NON_ZERO
            )
              resolve(code);
            else reject(new Error(`ClickHouse answered ${response.statusCode}: ${text.trim()}`));
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('ClickHouse batch insert timed out')));
      outgoing.on('error', reject);
      outgoing.end(data);
    });
  };

  return {
    /** Stores the rows with the id in one INSERT, unless the id is stored already. */
    async insert(batchId: string, batch: BatchRows): Promise<InsertResult> {
      // Hex keeps an arbitrary client-chosen id out of the SQL text (18.16 has no query parameters).
      const id = `unhex('${Buffer.from(batchId, 'utf8').toString('hex')}')`;
      const queryId = `kelvin-batch-${createHash('sha256').update(`${connection.database}\n${batchId}`).digest('hex')}`;
      const parts = batch.parts.filter((part) => part.count > 0);
      const unseen = `throwIf((SELECT count() FROM ${CLICKHOUSE_BATCHES_TABLE} WHERE batch_id = ${id}) > 0) = 0`;
      const complete = parts
        .map((part) => `(SELECT count() FROM ${part.name}) = ${part.count}`)
        .join(' AND ');
      const now = Date.now();
      const sql =
        parts.length === 0
          ? // A batch without rows still records its id: one row (mark 1) that only the batches view keeps.
            `INSERT INTO ${batch.ingestTable} (batch_id, created_at, mark)
            SELECT ${id}, ${now}, 1 FROM system.one WHERE ${unseen}`
          : `INSERT INTO ${batch.ingestTable} (batch_id, created_at, ${batch.columns.join(', ')}) ${parts
              .map(
                (part) =>
                  `SELECT ${id}, ${now}, ${part.select} FROM ${part.name} WHERE ${unseen} AND intDiv(1, ${complete}) = 1`,
              )
              .join(' UNION ALL ')}`;
      const deadline = Date.now() + SAME_ID_WAIT_MS;
      for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
        const code = await queued(() => send(sql, queryId, parts));
        if (code === 0) return { duplicate: false };
        if (code === FUNCTION_THROW_IF_VALUE_IS_NON_ZERO) return { duplicate: true };
        if (Date.now() > deadline) throw new Error(`Batch ${batchId}: an earlier send is still running`);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    },
    retentionSql(now: number): string {
      return `ALTER TABLE ${CLICKHOUSE_BATCHES_TABLE} DELETE WHERE created_at < ${now - CLICKHOUSE_BATCH_ID_RETENTION_MS}`;
    },
  };
}

export type ClickHouseBatchLog = ReturnType<typeof createClickHouseBatchLog>;
