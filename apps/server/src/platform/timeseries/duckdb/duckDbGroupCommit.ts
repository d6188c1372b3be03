import type { DuckDBConnection } from '@duckdb/node-api';
import type { PointColumns } from '../timeSeriesStore.ts';
import { appendToStage } from './duckDbAppend.ts';
import { CLEAR_STAGE_SQL, MOVE_STAGE_SQL } from './duckDbSchema.ts';

interface PendingBatch {
  columns: PointColumns;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A group stops growing here, so that one transaction's WAL and stage table stay a few hundred megabytes. */
const MAX_GROUP_POINTS = 2_000_000;

/**
 * Group commit: batches that arrive while a transaction is running are written together by the next one. Each
 * transaction costs ~40 ms of fixed work (statements, WAL sync) whatever its size, so concurrent agents sending
 * 10-50 k point batches share that cost instead of queueing behind it. Every batch in a group resolves only after
 * the group's COMMIT, and a failed group rejects all its batches with nothing applied (callers retry by batch id).
 */
export function createGroupCommit(
  writer: DuckDBConnection,
  serialized: (work: () => Promise<void>) => Promise<void>,
): (columns: PointColumns) => Promise<void> {
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
    try {
      for (const batch of group) await appendToStage(writer, batch.columns);
      for (const sql of MOVE_STAGE_SQL) await writer.run(sql);
      group.forEach((batch) => batch.resolve());
    } catch (error) {
      await writer.run('ROLLBACK').catch(() => undefined);
      group.forEach((batch) => batch.reject(error));
    } finally {
      await writer.run(CLEAR_STAGE_SQL);
      schedule();
    }
  };

  const schedule = (): void => {
    if (scheduled || pending.length === 0) return;
    scheduled = true;
    void serialized(writeGroup);
  };

  return (columns) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ columns, resolve, reject });
      schedule();
    });
}
