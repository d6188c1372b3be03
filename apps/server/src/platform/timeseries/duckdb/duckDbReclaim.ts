import { statSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Serialized } from './writerQueue.ts';

/**
 * Gives the blocks that compaction frees back to the file system.
 *
 * Compaction rewrites each closed day sorted (duckDbCompaction.ts): the sorted copy is written while the unsorted
 * one is still live, so it lands beyond it, and when the checkpoint frees the unsorted blocks they are a hole in
 * the middle of the file. DuckDB keeps such blocks for reuse; it gives back only free blocks at the end of the file
 * (truncated at a checkpoint, duckdb#7824), and it writes new data into the lowest free blocks. VACUUM reclaims
 * nothing, and its documented way to compact, `COPY FROM DATABASE` into a fresh file, would mean holding the
 * writer for a copy of the whole store and reopening the instance that every connection and module holds, then
 * an atomic swap of the files with its own crash cases.
 *
 * So the tail is moved down instead: after a checkpoint, the row groups that have a block at or beyond the number
 * of blocks in use (they keep the file long) are rewritten in place, each in one transaction that copies its rows,
 * deletes them and appends the copy. The copy goes into the lowest free blocks, inside the holes; the next
 * checkpoint drops the emptied row groups, their blocks at the end are free, and DuckDB truncates the file. Only
 * what sits above the used size moves (about as much as was freed), up to MOVE_ROWS rows per turn of the
 * writer queue (less than a compaction run holds it), and crash safety is DuckDB's own: a kill leaves each row group
 * either in its old place or in its new one, committed through the WAL, never both and never neither.
 *
 * A moved row group is appended after the table's newest rows (DuckDB appends only at the end), so it may share a
 * row group with them and widen that one's zone maps; it keeps its own order, and the rows moved are few.
 */

export interface ReclaimOptions {
  /** Moves nothing while the free part of the file is below this share of it: small holes refill with new points. */
  minFreeShare: number;
  /** ... or below this many bytes. */
  minFreeBytes: number;
  /** Checkpoint-and-move rounds at most: a round can leave a little at the tail (the checkpoint's own metadata). */
  maxRounds: number;
}

export const DEFAULT_RECLAIM_OPTIONS: ReclaimOptions = {
  minFreeShare: 0.15,
  minFreeBytes: 16 * 262_144,
  maxRounds: 4,
};

export interface ReclaimResult {
  /** File size after the first checkpoint, and at the end. */
  beforeBytes: number;
  afterBytes: number;
  /** Row groups rewritten. */
  moved: number;
}

/** A row group's rows (`rowid` in [start, start + count)) and the highest block any of its segments uses. */
export interface TailGroup {
  table: string;
  start: number;
  count: number;
  top: number;
}

const SIZE_SQL =
  'SELECT used_blocks, block_size FROM pragma_database_size() WHERE database_name = current_database()';
const TABLES_SQL = `SELECT table_name FROM duckdb_tables()
  WHERE database_name = current_database() AND schema_name = 'main' AND NOT temporary ORDER BY table_name`;

/** Row groups in rowid order: their row counts (from the first column's segments) and their highest block. */
function rowGroupsSql(table: string): string {
  return `SELECT row_group_id,
    max(CASE WHEN column_id = 0 AND segment_type <> 'VALIDITY' THEN start + count END),
    max(greatest(block_id, coalesce(list_max(additional_block_ids), -1)))
  FROM pragma_storage_info('${table}') GROUP BY row_group_id ORDER BY row_group_id`;
}

/**
 * Rows per move transaction. DuckDB writes a transaction's full row groups straight to blocks, sharing partly
 * filled blocks only within that transaction: row groups moved one per transaction took a block per column
 * segment (raw points at 2.7 bytes a point instead of 0.3), and each transaction still leaves a partly filled
 * block per column. 4 M rows a move kept the three-day bench's store at 0.88 bytes a point in use (1 M: 1.01, and
 * 0.94 before reclaiming); it is a fifth of a compaction run (COMPACTION_RUN_POINTS), so the writer is held less.
 */
export const MOVE_ROWS = 4_000_000;

/** Row groups to move, as transactions: a table's groups in row order, up to MOVE_ROWS rows each. */
export function moveBatches(groups: readonly TailGroup[], maxRows = MOVE_ROWS): TailGroup[][] {
  const ordered = [...groups].sort((a, b) => a.table.localeCompare(b.table) || a.start - b.start);
  const batches: TailGroup[][] = [];
  let rowsInBatch = 0;
  for (const group of ordered) {
    const current = batches.at(-1);
    if (current && current[0]?.table === group.table && rowsInBatch + group.count <= maxRows) {
      current.push(group);
      rowsInBatch += group.count;
    } else {
      batches.push([group]);
      rowsInBatch = group.count;
    }
  }
  return batches;
}

/** Row groups of one table moved: copy, delete, append, in one transaction so the rows are in exactly one place. */
export function moveRowGroupsSql(
  table: string,
  groups: readonly { start: number; count: number }[],
): string[] {
  const rows = groups
    .map((group) => `(rowid >= ${group.start} AND rowid < ${group.start + group.count})`)
    .join(' OR ');
  return [
    'BEGIN TRANSACTION',
    `CREATE OR REPLACE TEMP TABLE ts_reclaim_move AS SELECT * FROM ${table} WHERE ${rows} ORDER BY rowid`,
    `DELETE FROM ${table} WHERE ${rows}`,
    `INSERT INTO ${table} SELECT * FROM ts_reclaim_move`,
    'COMMIT',
    'DROP TABLE ts_reclaim_move',
  ];
}

async function rows(connection: DuckDBConnection, sql: string): Promise<number[][]> {
  return (await connection.runAndReadAll(sql)).getRows().map((row) => row.map((value) => Number(value)));
}

/** Row groups with a block at or beyond `usedBlocks`, highest first: what keeps the file longer than its data. */
async function tailGroups(writer: DuckDBConnection, usedBlocks: number): Promise<TailGroup[]> {
  const tables = (await writer.runAndReadAll(TABLES_SQL)).getRows().map(([name]) => String(name));
  const groups: TailGroup[] = [];
  for (const table of tables) {
    // Row ids are positions: a row group starts where the ones before it end (deleted rows still count).
    let start = 0;
    for (const [, count = 0, top = -1] of await rows(writer, rowGroupsSql(table))) {
      if (top >= usedBlocks) groups.push({ table, start, count, top });
      start += count;
    }
  }
  return groups.sort((a, b) => b.top - a.top);
}

/**
 * Checkpoints and, when the file holds enough free blocks, moves the row groups at its tail into them (see
 * above). Every step runs in the writer queue; each move is a turn of its own. Row ids are read once a round: if
 * a checkpoint in between renumbers them, a move rewrites other rows than planned, which costs time and loses
 * nothing.
 */
export async function reclaimFreeBlocks(
  writer: DuckDBConnection,
  serialized: Serialized,
  filePath: string,
  options: ReclaimOptions = DEFAULT_RECLAIM_OPTIONS,
): Promise<ReclaimResult> {
  let beforeBytes = -1;
  let moved = 0;
  for (let round = 0; round < options.maxRounds; round++) {
    const planned = await serialized(async () => {
      await writer.run('CHECKPOINT');
      const [[usedBlocks = 0, blockSize = 0] = []] = await rows(writer, SIZE_SQL);
      const fileBytes = statSync(filePath).size;
      if (beforeBytes < 0) beforeBytes = fileBytes;
      const free = fileBytes - usedBlocks * blockSize;
      // Once started, the rounds go on while anything sits at the tail: each is cheap, and the start was worth it.
      if (round === 0 && (free < options.minFreeBytes || free < options.minFreeShare * fileBytes)) return [];
      return tailGroups(writer, usedBlocks);
    });
    if (planned.length === 0) break;
    for (const batch of moveBatches(planned)) {
      await serialized(async () => {
        try {
          for (const sql of moveRowGroupsSql(batch[0]?.table ?? '', batch)) await writer.run(sql);
        } catch (error) {
          await writer.run('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
      moved += batch.length;
    }
  }
  if (moved > 0)
    await serialized(async () => {
      await writer.run('CHECKPOINT');
    });
  return { beforeBytes, afterBytes: statSync(filePath).size, moved };
}
