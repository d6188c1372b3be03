import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { InsertResult, PointColumns, ReadingDetail } from '../timeSeriesStore.ts';
import { appendRawPoints, appendTilePartials } from './duckDbAppend.ts';
import { appendDetails } from './duckDbLatest.ts';
import { BATCHES_TABLE, FOLD_STAGE_SQL } from './duckDbSchema.ts';
import { tilePartials, type TilePartials } from './tilePartials.ts';
import type { Serialized } from './writerQueue.ts';

interface PendingBatch {
  columns: PointColumns;
  /** Computed when the batch arrives, while the writer is busy with the group before it. */
  tiles: TilePartials;
  batchId: string | undefined;
  details: readonly ReadingDetail[];
  resolve: (result: InsertResult) => void;
  reject: (error: unknown) => void;
}

/** A group stops growing here, so that one transaction's WAL and uncommitted rows stay a few hundred megabytes. */
const MAX_GROUP_POINTS = 2_000_000;

/** Which of `ids` are already stored. Runs on the writer, inside its queue, so nothing can insert meanwhile. */
export async function storedBatchIds(writer: DuckDBConnection, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const placeholders = ids.map((_, index) => `$${index + 1}`).join(', ');
  const reader = await writer.runAndReadAll(
    `SELECT batch_id FROM ${BATCHES_TABLE} WHERE batch_id IN (${placeholders})`,
    [...ids],
  );
  return new Set(reader.getRows().map(([id]) => String(id)));
}

export function recordBatchIdsSql(
  ids: readonly string[],
  now: number,
): { sql: string; values: DuckDBValue[] } {
  const rows = ids.map((_, index) => `($${index + 1}, ${now})`).join(', ');
  return { sql: `INSERT INTO ${BATCHES_TABLE} VALUES ${rows}`, values: [...ids] };
}

/**
 * Group commit: batches that arrive while a transaction is running are written together by the next one. Each
 * transaction costs ~40 ms of fixed work (statements, WAL sync) whatever its size, so concurrent agents sending
 * 10-50 k point batches share that cost instead of queueing behind it. Every batch in a group resolves only after
 * the group's COMMIT, and a failed group rejects all its batches with nothing applied (callers retry by batch id).
 *
 * Batch ids are written by the same transaction as their points, so a batch is either stored with its id or not
 * at all: a re-sent id is answered `duplicate` whatever happened before (crash, lost response, concurrent resend).
 */
export function createGroupCommit(
  writer: DuckDBConnection,
  serialized: Serialized,
  /** Told of each batch's points once committed, still inside the writer queue (the series cache follows). */
  onCommitted: (columns: PointColumns) => void,
): (
  columns: PointColumns,
  batchId: string | undefined,
  details?: readonly ReadingDetail[],
) => Promise<InsertResult> {
  const pending: PendingBatch[] = [];
  let scheduled = false;

  const writeGroup = async (): Promise<void> => {
    scheduled = false;
    const group: PendingBatch[] = [];
    let points = 0;
    while (pending.length > 0 && (group.length === 0 || points < MAX_GROUP_POINTS)) {
      const next = pending.shift();
      if (!next) break;
      group.push(next);
      points += next.columns.timestamps.length;
    }
    const duplicates = new Set<PendingBatch>();
    try {
      await writer.run('BEGIN TRANSACTION');
      const ids = group.flatMap((batch) => (batch.batchId === undefined ? [] : [batch.batchId]));
      const seen = await storedBatchIds(writer, [...new Set(ids)]);
      const fresh: string[] = [];
      for (const batch of group) {
        if (batch.batchId === undefined) continue;
        // Already stored, or sent twice within this group: the later copies are duplicates.
        if (seen.has(batch.batchId)) duplicates.add(batch);
        else {
          seen.add(batch.batchId);
          fresh.push(batch.batchId);
        }
      }
      const stored = group.filter((batch) => !duplicates.has(batch) && batch.columns.timestamps.length > 0);
      for (const batch of stored) {
        await appendRawPoints(writer, batch.columns);
        await appendTilePartials(writer, batch.tiles);
      }
      for (const sql of FOLD_STAGE_SQL) await writer.run(sql);
      // Details commit with their batch's points and id, so a re-sent batch cannot add them twice either.
      await appendDetails(
        writer,
        group.filter((batch) => !duplicates.has(batch)).flatMap((batch) => batch.details),
      );
      if (fresh.length > 0) {
        const { sql, values } = recordBatchIdsSql(fresh, Date.now());
        await writer.run(sql, values);
      }
      await writer.run('COMMIT');
      for (const batch of stored) onCommitted(batch.columns);
      group.forEach((batch) => batch.resolve({ duplicate: duplicates.has(batch) }));
    } catch (error) {
      // Takes back the appended points and stage tiles with everything else.
      await writer.run('ROLLBACK').catch(() => undefined);
      group.forEach((batch) => batch.reject(error));
    } finally {
      schedule();
    }
  };

  const schedule = (): void => {
    if (scheduled || pending.length === 0) return;
    scheduled = true;
    void serialized(writeGroup);
  };

  return (columns, batchId, details = []) =>
    new Promise<InsertResult>((resolve, reject) => {
      pending.push({ columns, tiles: tilePartials(columns), batchId, details, resolve, reject });
      schedule();
    });
}
