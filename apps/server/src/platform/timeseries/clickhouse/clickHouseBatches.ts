import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import type { InsertResult } from '../timeSeriesStore.ts';

export const CLICKHOUSE_BATCHES_TABLE = 'ts_batches';
/** A retry comes within minutes; after a week an id is forgotten (18.16 has no TTL: retention deletes them). */
export const CLICKHOUSE_BATCH_ID_RETENTION_MS = 7 * 24 * 3_600_000;

export const CLICKHOUSE_BATCHES_SCHEMA_SQL = `CREATE TABLE IF NOT EXISTS ${CLICKHOUSE_BATCHES_TABLE} (
    batch_id String,
    created_at Int64
  ) ENGINE = MergeTree()
  ORDER BY batch_id`;

const countRow = z.object({ n: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]) });

/**
 * Batch ids on ClickHouse, the portable way: check the id, insert the points, then record the id. ClickHouse
 * 18.16 has no transactions and deduplicates inserts only on replicated tables, so this is not exactly-once:
 *
 * - Crash window: if the process dies (or the id insert fails) after the points are inserted and before the id
 *   is recorded, the caller gets an error, retries with the same id, and the points are stored twice. The window
 *   is one small INSERT long.
 * - Concurrent resends of one id are serialised inside this process (an in-flight map), so they cannot both
 *   pass the check; two server processes receiving the same id at the same moment could.
 *
 * DuckDB has neither gap: it stores the id in the same transaction as the points.
 */
export function createClickHouseBatchLog(client: ClickHouseClient) {
  const inFlight = new Map<string, Promise<unknown>>();

  const isStored = async (batchId: string): Promise<boolean> => {
    // Hex keeps an arbitrary client-chosen id out of the SQL text (18.16 has no query parameters).
    const hex = Buffer.from(batchId, 'utf8').toString('hex');
    const result = await client.query({
      query: `SELECT count() AS n FROM ${CLICKHOUSE_BATCHES_TABLE} WHERE batch_id = unhex('${hex}')`,
      format: 'JSONEachRow',
    });
    const [row] = z.array(countRow).parse(await result.json());
    return (row?.n ?? 0) > 0;
  };

  const record = async (batchId: string): Promise<void> => {
    await client.insert({
      table: CLICKHOUSE_BATCHES_TABLE,
      values: [{ batch_id: batchId, created_at: Date.now() }],
      format: 'JSONEachRow',
    });
  };

  return {
    /** Runs `write` unless `batchId` is already recorded, then records it. */
    async once(batchId: string | undefined, write: () => Promise<void>): Promise<InsertResult> {
      if (batchId === undefined) {
        await write();
        return { duplicate: false };
      }
      const previous = inFlight.get(batchId);
      const attempt = (previous ?? Promise.resolve())
        .catch(() => undefined)
        .then(async (): Promise<InsertResult> => {
          if (await isStored(batchId)) return { duplicate: true };
          await write();
          await record(batchId);
          return { duplicate: false };
        });
      inFlight.set(batchId, attempt);
      try {
        return await attempt;
      } finally {
        if (inFlight.get(batchId) === attempt) inFlight.delete(batchId);
      }
    },
    retentionSql(now: number): string {
      return `ALTER TABLE ${CLICKHOUSE_BATCHES_TABLE} DELETE WHERE created_at < ${now - CLICKHOUSE_BATCH_ID_RETENTION_MS}`;
    },
  };
}
