import { createHash, randomUUID } from 'node:crypto';
import type { InsertResult } from '../timeSeriesStore.ts';
import {
  createBatchSender,
  FUNCTION_THROW_IF_VALUE_IS_NON_ZERO,
  QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING,
  SAME_ID_WAIT_MS,
} from './clickHouseBatchSender.ts';
import { createGroupCommit } from './clickHouseGroupCommit.ts';
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

/** One batch's rows waiting for its group's INSERT. */
interface PendingBatch {
  batchId: string;
  batch: BatchRows;
}

/** An id as SQL: hex keeps arbitrary client-chosen text out of the SQL (18.16 has no query parameters). */
const hexOf = (batchId: string) => Buffer.from(batchId, 'utf8').toString('hex');
const idSql = (batchId: string) => `unhex('${hexOf(batchId)}')`;

/**
 * Batches are written under BATCH_LOCKS locks, each batch under the one its id hashes to: two INSERTs that could
 * hold the same id take the same lock, others run side by side.
 */
const BATCH_LOCKS = 4;
const lockOf = (batchId: string) =>
  createHash('sha256').update(batchId).digest().readUInt32BE(0) % BATCH_LOCKS;
/**
 * A group's INSERT holds at most this many batches. Each brings up to two external tables (points, details), and
 * each table is three fields of 18.16's HTML form (its structure and format in the URL, its data in the body),
 * which takes at most 100 fields in all ("Too many form fields": with 100 batches a group, bench/clusterLoad.ts
 * saw thousands of 500s). 15 batches: at most 30 tables, 93 fields with the query, database and query id.
 */
export const MAX_BATCHES_A_GROUP = 15;

/** A process's batch inserts running at once (see createInsertQueue); two processes stay far below 100. */
const MAX_INSERTS_AT_ONCE = 8;

/**
 * Batch ids on ClickHouse 18.16, exactly once, the batches of a moment in one INSERT. Weighed and not taken: a
 * second INSERT for the id (a crash window between the two), insert_deduplicate (replicated tables only on
 * 18.16, i.e. ZooKeeper), a ReplacingMergeTree (duplicates live until a merge and the rollup views count them at
 * once), a claim in PostgreSQL or Redis (a store the ClickHouse store does not otherwise need, and a claim released
 * by a crash still races the dead process's INSERT that ClickHouse keeps running), and one INSERT per batch (what
 * this did before: every INSERT writes a part to each table the ingest table's views feed, and 1,000 agents
 * posting every 10 s on two processes got 60 batches a second stored, bench/clusterLoad.ts). What is done:
 *
 *   INSERT INTO ts_ingest SELECT <id 1>, <now>, 0, asset_id, ... FROM points_0
 *     WHERE throwIf((SELECT count() FROM ts_batches WHERE batch_id = <id 1>) > 0) = 0
 *       AND intDiv(1, (SELECT count() FROM points_0) = <n0>) = 1
 *   UNION ALL SELECT <id 2>, ... FROM points_1 WHERE ...
 *
 * - Each batch's points (and a telemetry batch's details, or a log batch's entries) travel as external data of
 *   their own (a multipart part read in full before the query starts), the query in a field before them. The points
 *   and the ids reach the tables in the same INSERT (the ingest table's views write ts_raw, the rollups and
 *   ts_batches), so no process death on our side can leave one without the other: ClickHouse runs a query whose
 *   request arrived to its end even when the client is gone, and a request cut short stores nothing (each part's
 *   count in the query must match the rows that arrived, or the query divides by zero, and ClickHouse analyses
 *   every SELECT of the INSERT, scalar subqueries included, before it writes a row).
 * - The id checks are inside the same query, and the query's id is a lock: each batch id hashes to one of
 *   BATCH_LOCKS query ids, a group holds batches of one lock, and ClickHouse refuses a second query with the id of
 *   a running one (code 216, checked per user). Two INSERTs that could hold the same batch id therefore never run
 *   at once, from this process or another, and the later one's check sees what the earlier one stored. The refused
 *   one waits and sends again. In this process, a second send of an id being written waits for the first.
 * - Before the INSERT a look at ts_batches finds the ids stored already: those batches are answered "duplicate"
 *   and left out. One stored by another process between that look and the INSERT makes its throwIf fail (code
 *   395) before anything is written; the look is taken again and the rest sent again. The batches an INSERT
 *   stores are thus exactly those answered "not duplicate".
 *
 * What remains: a failure inside ClickHouse half-way through the INSERT (disk full, too many parts) can leave a
 * table written and another not, as for any multi-table insert on 18.16; the batches view runs last, so such a
 * failure leaves the ids unrecorded, and a retry may then store some points twice but loses none. Every server
 * process must use the same ClickHouse user, and the same BATCH_LOCKS, for the locks to span them.
 */
export function createClickHouseBatchLog(connection: ClickHouseConnection) {
  const queued = createInsertQueue(MAX_INSERTS_AT_ONCE);

  const send = createBatchSender(connection);

  /** A batch without rows still records its id: one row (mark 1) that only the batches view keeps. */
  const insertRowless = async (
    batchId: string,
    ingestTable: string,
    queryId: string,
  ): Promise<InsertResult> => {
    const id = idSql(batchId);
    const sql = `INSERT INTO ${ingestTable} (batch_id, created_at, mark)
      SELECT ${id}, ${Date.now()}, 1 FROM system.one
      WHERE throwIf((SELECT count() FROM ${CLICKHOUSE_BATCHES_TABLE} WHERE batch_id = ${id}) > 0) = 0`;
    const code = await sendLocked(sql, queryId, [], `Batch ${batchId}`);
    return { duplicate: code === FUNCTION_THROW_IF_VALUE_IS_NON_ZERO };
  };

  /** Sends until ClickHouse runs it: a refusal for a running query of the same id (216) waits and sends again. */
  const sendLocked = async (sql: string, queryId: string, parts: readonly BatchPart[], what: string) => {
    const deadline = Date.now() + SAME_ID_WAIT_MS;
    for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
      const answer = await queued(() => send(sql, queryId, parts));
      if (answer.code !== QUERY_WITH_SAME_ID_IS_ALREADY_RUNNING) return answer.code;
      if (Date.now() > deadline) throw new Error(`${what}: an earlier send is still running`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };

  /** The ids of `batchIds` already stored (hex in and out: ids are arbitrary text). */
  const storedIds = async (batchIds: readonly string[]): Promise<Set<string>> => {
    const list = batchIds.map(idSql).join(', ');
    const answer = await queued(() =>
      send(
        `SELECT DISTINCT hex(batch_id) FROM ${CLICKHOUSE_BATCHES_TABLE} WHERE batch_id IN (${list}) FORMAT TabSeparated`,
        `kelvin-seen-${randomUUID()}`,
        [],
      ),
    );
    return new Set(
      answer.text
        .split('\n')
        .filter((line) => line !== '')
        .map((hex) => hex.toLowerCase()),
    );
  };

  /** The INSERT of a group's batches, each guarded by its id check (see the notes above the function). */
  const groupSql = (fresh: readonly PendingBatch[]) => {
    const now = Date.now();
    const parts = fresh.flatMap((pending, index) =>
      pending.batch.parts
        .filter((part) => part.count > 0)
        .map((part) => ({ ...part, name: `${part.name}_${index}`, batchId: pending.batchId })),
    );
    // Each part's count in its SELECT: ClickHouse analyses every SELECT of the INSERT, scalar subqueries
    // included, before it writes a row, so a request cut short stores nothing of any batch.
    const selects = parts.map(
      (part) =>
        `SELECT ${idSql(part.batchId)}, ${now}, ${part.select} FROM ${part.name}
        WHERE throwIf((SELECT count() FROM ${CLICKHOUSE_BATCHES_TABLE} WHERE batch_id = ${idSql(part.batchId)}) > 0) = 0
          AND intDiv(1, (SELECT count() FROM ${part.name}) = ${part.count}) = 1`,
    );
    const [first] = fresh;
    const columns = first ? first.batch.columns.join(', ') : '';
    const table = first?.batch.ingestTable ?? '';
    return {
      sql: `INSERT INTO ${table} (batch_id, created_at, ${columns}) ${selects.join(' UNION ALL ')}`,
      parts,
    };
  };

  /**
   * One INSERT for a group of batches of one ingest table and lock. The ids stored already are left out first; if
   * another process stores one of the rest before this INSERT runs, its check fails the INSERT before anything is
   * written (395), and the look is taken again. So the batches the INSERT stored are exactly those answered "not
   * duplicate".
   */
  const writeGroup = async (key: string, group: readonly PendingBatch[]): Promise<InsertResult[]> => {
    const duplicates = new Set<string>();
    let fresh = group;
    for (;;) {
      const seen = await storedIds(fresh.map((pending) => pending.batchId));
      for (const pending of fresh) if (seen.has(hexOf(pending.batchId))) duplicates.add(pending.batchId);
      fresh = fresh.filter((pending) => !duplicates.has(pending.batchId));
      if (fresh.length === 0) break;
      const { sql, parts } = groupSql(fresh);
      const what = `Batches ${fresh.map((pending) => pending.batchId).join(', ')}`;
      if ((await sendLocked(sql, lockId(key), parts, what)) === 0) break;
    }
    return group.map((pending) => ({ duplicate: duplicates.has(pending.batchId) }));
  };
  const grouped = createGroupCommit(writeGroup, MAX_BATCHES_A_GROUP);
  /** Batches of this process being written, by id: a second send of one waits for the first, then finds it. */
  const writing = new Map<string, Promise<unknown>>();
  const lockId = (key: string) =>
    `kelvin-batches-${createHash('sha256').update(`${connection.database}\n${key}`).digest('hex')}`;

  return {
    /** Stores the rows with the id, unless the id is stored already: grouped with others of the moment. */
    async insert(batchId: string, batch: BatchRows): Promise<InsertResult> {
      const key = `${batch.ingestTable}:${lockOf(batchId)}`;
      const rowless = batch.parts.every((part) => part.count === 0);
      const earlier = writing.get(batchId);
      // Chained before the first await: two sends of one id never share a group (both would pass its checks).
      const result = (async () => {
        await earlier?.catch(() => undefined);
        return rowless
          ? insertRowless(batchId, batch.ingestTable, lockId(key))
          : grouped(key, { batchId, batch });
      })();
      writing.set(batchId, result);
      try {
        return await result;
      } finally {
        if (writing.get(batchId) === result) writing.delete(batchId);
      }
    },
    retentionSql(now: number): string {
      return `ALTER TABLE ${CLICKHOUSE_BATCHES_TABLE} DELETE WHERE created_at < ${now - CLICKHOUSE_BATCH_ID_RETENTION_MS}`;
    },
  };
}

export type ClickHouseBatchLog = ReturnType<typeof createClickHouseBatchLog>;
