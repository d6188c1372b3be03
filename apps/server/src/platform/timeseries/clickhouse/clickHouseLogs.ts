import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import {
  fieldsText,
  levelRank,
  logEntryProblem,
  searchTextOf,
  seqBase,
  type DeviceLogEntry,
  type DeviceLogStore,
} from '../deviceLogStore.ts';
import { int64, runLogQuery, runLogSources, type LogSqlEngine } from '../deviceLogQuery.ts';
import { clickHouseLogDialect, logRetentionCondition, LOGS_TABLE } from '../sql/logSql.ts';
import { batchesViewSql, type ClickHouseBatchLog } from './clickHouseBatches.ts';

/**
 * Portable to ClickHouse 18.16 (Debian's): Int64 milliseconds, no skip indexes (ngrambf_v1 and tokenbf_v1 came
 * with 19.x). An asset's entries are contiguous in the sort key, so a query reads only its asset's granules in
 * the time range; the substring test then runs over the pre-lowered `search` column with `position`
 * (Volnitsky search). Weekly partitions keep the part count low for a 30-day retention.
 */
const LOGS_INGEST_TABLE = 'device_logs_ingest';
const LOG_COLUMNS = ['asset_id', 'ts', 'seq', 'level', 'source', 'message', 'fields', 'search'];
const LOG_STRUCTURE =
  'asset_id Int32, ts Int64, seq Int64, level Int8, source String, message String, fields String, search String';

export const CLICKHOUSE_LOGS_SCHEMA_SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${LOGS_TABLE} (
    asset_id Int32,
    ts Int64,
    seq Int64,
    level Int8,
    source String,
    message String,
    fields String,
    search String
  ) ENGINE = MergeTree()
  PARTITION BY intDiv(ts, 604800000)
  ORDER BY (asset_id, ts, seq)`,
  // A batch with an id goes through a Null table whose views write the entries and the id in one INSERT, as
  // points do (clickHouseBatches.ts).
  `CREATE TABLE IF NOT EXISTS ${LOGS_INGEST_TABLE} (
    batch_id String, created_at Int64, mark UInt8, ${LOG_STRUCTURE}
  ) ENGINE = Null`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS ${LOGS_INGEST_TABLE}_1_logs_mv TO ${LOGS_TABLE} AS
    SELECT ${LOG_COLUMNS.join(', ')} FROM ${LOGS_INGEST_TABLE} WHERE mark = 0`,
  batchesViewSql(LOGS_INGEST_TABLE, 2),
];

/** Rows per INSERT: log lines are larger than points, so fewer per request body. */
const INSERT_ROWS = 50_000;
const BATCH_PREFIX = 'logs:';

const logRow = z.object({
  ts: int64,
  seq: int64,
  level: int64,
  source: z.string(),
  message: z.string(),
  fields: z.string(),
});
const sourceRow = z.object({ source: z.string(), n: int64 });

export function createClickHouseLogStore(
  client: ClickHouseClient,
  batches: ClickHouseBatchLog,
  waitForMutations: () => Promise<void>,
): DeviceLogStore {
  const select = async (sql: string): Promise<unknown> =>
    (await client.query({ query: sql, format: 'JSONEachRow' })).json();

  /** Rows as ClickHouse columns; one seq base per INSERT (fewer rows than MAX_INSERT_ENTRIES keep seqs unique). */
  const toRows = (entries: readonly DeviceLogEntry[]) => {
    const base = seqBase();
    return entries.map((entry, index) => ({
      asset_id: entry.assetId,
      ts: entry.ts,
      seq: base + index,
      level: levelRank(entry.level),
      source: entry.source,
      message: entry.message,
      fields: fieldsText(entry.fields),
      search: searchTextOf(entry),
    }));
  };
  const write = async (entries: readonly DeviceLogEntry[]): Promise<void> => {
    for (let offset = 0; offset < entries.length; offset += INSERT_ROWS) {
      const values = toRows(entries.slice(offset, offset + INSERT_ROWS));
      await client.insert({ table: LOGS_TABLE, values, format: 'JSONEachRow' });
    }
  };

  const engine: LogSqlEngine = {
    dialect: clickHouseLogDialect,
    selectLogs: async (sql) => z.array(logRow).parse(await select(sql)),
    selectSources: async (sql) =>
      z
        .array(sourceRow)
        .parse(await select(sql))
        .map((row) => ({ source: row.source, count: row.n })),
  };

  return {
    insert: async (entries, options = {}) => {
      const problem = entries.map(logEntryProblem).find((found) => found !== null);
      if (problem) throw new Error(problem);
      if (options.batchId === undefined) {
        await write(entries);
        return { duplicate: false };
      }
      // One INSERT, whatever its size: splitting it would reopen the window between a part and the id.
      return batches.insert(`${BATCH_PREFIX}${options.batchId}`, {
        ingestTable: LOGS_INGEST_TABLE,
        columns: ['mark', ...LOG_COLUMNS],
        parts: [
          {
            name: 'entries',
            structure: LOG_STRUCTURE,
            format: 'JSONEachRow',
            // JSON escapes every string: nothing a device writes reaches the SQL or breaks a row.
            data: () =>
              toRows(entries)
                .map((row) => `${JSON.stringify(row)}\n`)
                .join(''),
            count: entries.length,
            select: `0, ${LOG_COLUMNS.join(', ')}`,
          },
        ],
      });
    },
    query: (query) => runLogQuery(engine, query),
    sources: (query) => runLogSources(engine, query),
    applyRetention: async ({ maxAgeMs, now = Date.now() }) => {
      await client.command({
        query: `ALTER TABLE ${LOGS_TABLE} DELETE WHERE ${logRetentionCondition(now - maxAgeMs)}`,
      });
      await waitForMutations();
    },
    compact: () => Promise.resolve(),
  };
}
