import {
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { DAY_MS } from '@kelvin/domain';
import { z } from 'zod';
import {
  fieldsText,
  levelRank,
  logEntryProblem,
  MAX_INSERT_ENTRIES,
  searchTextOf,
  seqBase,
  type DeviceLogEntry,
  type DeviceLogStore,
} from '../deviceLogStore.ts';
import { int64, runLogQuery, runLogSources, type LogSqlEngine } from '../deviceLogQuery.ts';
import { duckDbLogDialect, logRetentionCondition, LOGS_TABLE } from '../sql/logSql.ts';
import type { InsertResult } from '../timeSeriesStore.ts';
import { recordBatchIdsSql, storedBatchIds } from './duckDbGroupCommit.ts';
import type { Serialized } from './writerQueue.ts';

/** Days that received entries, and whether compaction has since rewritten each sorted by asset. */
const LOG_DAYS_TABLE = 'device_log_days';

/**
 * No index, as for points: zone maps prune by time as entries arrive, and by asset once a closed day is rewritten
 * sorted by (asset_id, ts) (compaction). `search` is source and message lowered (deviceLogStore.searchTextOf);
 * `fields` is JSON text, '' for none.
 */
export const DUCKDB_LOGS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS ${LOGS_TABLE} (
  asset_id INTEGER NOT NULL,
  ts BIGINT NOT NULL,
  seq BIGINT NOT NULL,
  level TINYINT NOT NULL,
  source VARCHAR NOT NULL,
  message VARCHAR NOT NULL,
  fields VARCHAR NOT NULL,
  search VARCHAR NOT NULL
);
CREATE TABLE IF NOT EXISTS ${LOG_DAYS_TABLE} (day BIGINT NOT NULL, sorted BOOLEAN NOT NULL);
`;

/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;
/** Batch ids of logs live beside telemetry's: the prefix keeps an agent's two kinds of batch apart. */
const BATCH_PREFIX = 'logs:';

interface PendingInsert {
  entries: readonly DeviceLogEntry[];
  batchId: string | undefined;
  resolve: (result: InsertResult) => void;
  reject: (error: unknown) => void;
}

const logRow = z.tuple([int64, int64, z.number(), z.string(), z.string(), z.string()]);
const sourceRow = z.tuple([z.string(), int64]);

/** Entries into the logs table, a chunk of 2048 rows at a time (the appender casts doubles to BIGINT exactly). */
async function appendEntries(writer: DuckDBConnection, entries: readonly DeviceLogEntry[]): Promise<void> {
  const types = [INTEGER, DOUBLE, DOUBLE, INTEGER, VARCHAR, VARCHAR, VARCHAR, VARCHAR];
  const appender = await writer.createAppender(LOGS_TABLE);
  try {
    for (let offset = 0; offset < entries.length; offset += MAX_INSERT_ENTRIES) {
      const base = seqBase();
      const slice = entries.slice(offset, offset + MAX_INSERT_ENTRIES);
      for (let start = 0; start < slice.length; start += CHUNK_ROWS) {
        const rows = slice.slice(start, start + CHUNK_ROWS);
        const chunk = DuckDBDataChunk.create(types, rows.length);
        const columns: DuckDBValue[][] = [[], [], [], [], [], [], [], []];
        rows.forEach((entry, index) => {
          const values: DuckDBValue[] = [
            entry.assetId,
            entry.ts,
            base + start + index,
            levelRank(entry.level),
            entry.source,
            entry.message,
            fieldsText(entry.fields),
            searchTextOf(entry),
          ];
          values.forEach((value, column) => columns[column]?.push(value));
        });
        chunk.setColumns(columns);
        appender.appendDataChunk(chunk);
      }
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/** Marks the days of new entries for compaction; a sorted day that gets late entries is sorted again. */
function markDaysSql(entries: readonly DeviceLogEntry[]): string[] {
  const days = [...new Set(entries.map((entry) => Math.floor(entry.ts / DAY_MS)))];
  if (days.length === 0) return [];
  const list = days.join(', ');
  return [
    `UPDATE ${LOG_DAYS_TABLE} SET sorted = false WHERE sorted AND day IN (${list})`,
    `INSERT INTO ${LOG_DAYS_TABLE}
    SELECT day, false FROM (SELECT unnest([${list}]::BIGINT[]) AS day) AS touched
    WHERE day NOT IN (SELECT day FROM ${LOG_DAYS_TABLE})`,
  ];
}

/** One closed day rewritten sorted by asset, in one transaction. */
function sortDaySql(day: number): string[] {
  const range = `ts >= ${day * DAY_MS} AND ts < ${(day + 1) * DAY_MS}`;
  return [
    'BEGIN TRANSACTION',
    `CREATE OR REPLACE TEMP TABLE device_logs_compact AS SELECT * FROM ${LOGS_TABLE} WHERE ${range}`,
    `DELETE FROM ${LOGS_TABLE} WHERE ${range}`,
    `INSERT INTO ${LOGS_TABLE} SELECT * FROM device_logs_compact ORDER BY asset_id, ts, seq`,
    `UPDATE ${LOG_DAYS_TABLE} SET sorted = true WHERE day = ${day}`,
    'COMMIT',
    'DROP TABLE device_logs_compact',
  ];
}

/**
 * Device logs on the DuckDB store's connections: reads on its reader pool, writes on its single writer and in its
 * queue, so that a log transaction never interleaves with a telemetry one. Inserts arriving together share a
 * transaction (group commit, as points do), with their batch ids, so a batch is stored exactly once.
 */
export function createDuckDbLogStore(deps: {
  writer: DuckDBConnection;
  serialized: Serialized;
  withReader: <T>(work: (connection: DuckDBConnection) => Promise<T>) => Promise<T>;
}): DeviceLogStore {
  const { writer, serialized, withReader } = deps;
  const pending: PendingInsert[] = [];
  let scheduled = false;

  const inTransaction = async (work: () => Promise<void>): Promise<void> => {
    await writer.run('BEGIN TRANSACTION');
    try {
      await work();
      await writer.run('COMMIT');
    } catch (error) {
      await writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  const writeGroup = async (): Promise<void> => {
    scheduled = false;
    const group = pending.splice(0, pending.length);
    const duplicates = new Set<PendingInsert>();
    try {
      await inTransaction(async () => {
        const ids = group.flatMap((insert) => (insert.batchId === undefined ? [] : [insert.batchId]));
        const seen = await storedBatchIds(writer, [...new Set(ids)]);
        const fresh: string[] = [];
        for (const insert of group) {
          if (insert.batchId === undefined) continue;
          if (seen.has(insert.batchId)) duplicates.add(insert);
          else {
            seen.add(insert.batchId);
            fresh.push(insert.batchId);
          }
        }
        const entries = group.filter((insert) => !duplicates.has(insert)).flatMap((insert) => insert.entries);
        if (entries.length > 0) await appendEntries(writer, entries);
        for (const sql of markDaysSql(entries)) await writer.run(sql);
        if (fresh.length > 0) {
          const { sql, values } = recordBatchIdsSql(fresh, Date.now());
          await writer.run(sql, values);
        }
      });
      group.forEach((insert) => insert.resolve({ duplicate: duplicates.has(insert) }));
    } catch (error) {
      group.forEach((insert) => insert.reject(error));
    } finally {
      schedule();
    }
  };

  const schedule = (): void => {
    if (scheduled || pending.length === 0) return;
    scheduled = true;
    void serialized(writeGroup);
  };

  const engine: LogSqlEngine = {
    dialect: duckDbLogDialect,
    selectLogs: (sql) =>
      withReader(async (connection) =>
        (await connection.runAndReadAll(sql)).getRows().map((row) => {
          const [ts, seq, level, source, message, fields] = logRow.parse(row);
          return { ts, seq, level, source, message, fields };
        }),
      ),
    selectSources: (sql) =>
      withReader(async (connection) =>
        (await connection.runAndReadAll(sql)).getRows().map((row) => {
          const [source, count] = sourceRow.parse(row);
          return { source, count };
        }),
      ),
  };

  return {
    insert: (entries, options = {}) => {
      const problem = entries.map(logEntryProblem).find((found) => found !== null);
      if (problem) return Promise.reject(new Error(problem));
      const batchId = options.batchId === undefined ? undefined : `${BATCH_PREFIX}${options.batchId}`;
      if (entries.length === 0 && batchId === undefined) return Promise.resolve({ duplicate: false });
      return new Promise<InsertResult>((resolve, reject) => {
        pending.push({ entries, batchId, resolve, reject });
        schedule();
      });
    },
    query: (query) => runLogQuery(engine, query),
    sources: (query) => runLogSources(engine, query),
    applyRetention: ({ maxAgeMs, now = Date.now() }) =>
      serialized(async () => {
        const cutoff = now - maxAgeMs;
        await writer.run(`DELETE FROM ${LOGS_TABLE} WHERE ${logRetentionCondition(cutoff)}`);
        await writer.run(`DELETE FROM ${LOG_DAYS_TABLE} WHERE (day + 1) * ${DAY_MS} <= ${cutoff}`);
      }),
    compact: async (now = Date.now()) => {
      const today = Math.floor(now / DAY_MS);
      const days = await withReader(async (connection) =>
        (
          await connection.runAndReadAll(
            `SELECT day FROM ${LOG_DAYS_TABLE} WHERE NOT sorted AND day < ${today} ORDER BY day`,
          )
        )
          .getRows()
          .map(([day]) => Number(day)),
      );
      // A day per turn of the writer queue, so that ingest is not held up for the whole backlog.
      for (const day of days) {
        await serialized(async () => {
          const statements = sortDaySql(day);
          try {
            for (const sql of statements) await writer.run(sql);
          } catch (error) {
            await writer.run('ROLLBACK').catch(() => undefined);
            throw error;
          }
        });
      }
    },
  };
}
