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
import { createClickHouseBatchLog } from './clickHouseBatches.ts';

/**
 * Portable to ClickHouse 18.16 (Debian's): Int64 milliseconds, no skip indexes (ngrambf_v1 and tokenbf_v1 came
 * with 19.x). An asset's entries are contiguous in the sort key, so a query reads only its asset's granules in
 * the time range; the substring test then runs over the pre-lowered `search` column with `position`
 * (Volnitsky search). Weekly partitions keep the part count low for a 30-day retention.
 */
export const CLICKHOUSE_LOGS_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS ${LOGS_TABLE} (
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
  ORDER BY (asset_id, ts, seq)`;

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
  waitForMutations: () => Promise<void>,
): DeviceLogStore {
  const batches = createClickHouseBatchLog(client);
  const select = async (sql: string): Promise<unknown> =>
    (await client.query({ query: sql, format: 'JSONEachRow' })).json();

  const write = async (entries: readonly DeviceLogEntry[]): Promise<void> => {
    for (let offset = 0; offset < entries.length; offset += INSERT_ROWS) {
      const slice = entries.slice(offset, offset + INSERT_ROWS);
      // One base per INSERT: its rows are fewer than MAX_INSERT_ENTRIES, so their seqs stay unique.
      const base = seqBase();
      await client.insert({
        table: LOGS_TABLE,
        values: slice.map((entry, index) => ({
          asset_id: entry.assetId,
          ts: entry.ts,
          seq: base + index,
          level: levelRank(entry.level),
          source: entry.source,
          message: entry.message,
          fields: fieldsText(entry.fields),
          search: searchTextOf(entry),
        })),
        format: 'JSONEachRow',
      });
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
      const batchId = options.batchId === undefined ? undefined : `${BATCH_PREFIX}${options.batchId}`;
      return batches.once(batchId, () => write(entries));
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
