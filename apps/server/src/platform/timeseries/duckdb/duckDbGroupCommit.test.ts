import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RAW_TABLE, ROLLUP_TABLES } from '../sql/pointSql.ts';
import type { PointColumns } from '../timeSeriesStore.ts';
import { createGroupCommit } from './duckDbGroupCommit.ts';
import { DUCKDB_SCHEMA_SQL } from './duckDbSchema.ts';
import { STAGE_TILES_SCHEMA_SQL, STAGE_TILES_TABLE, TILES_TABLE } from './duckDbTiles.ts';
import { createWriterQueue } from './writerQueue.ts';

function batchOf(count: number, from: number): PointColumns {
  return {
    assetIds: new Int32Array(count).fill(1),
    metricIds: new Int32Array(count).fill(2),
    timestamps: Float64Array.from({ length: count }, (_, index) => from + index * 500),
    values: Float64Array.from({ length: count }, (_, index) => index % 7),
    statuses: new Int32Array(count),
  };
}

async function countRows(connection: DuckDBConnection, table: string): Promise<number> {
  const [row] = (await connection.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRows();
  return Number(row?.[0]);
}

describe('group commit', () => {
  let writer: DuckDBConnection;
  let committed: number;
  let insert: ReturnType<typeof createGroupCommit>;

  beforeEach(async () => {
    const instance = await DuckDBInstance.create(':memory:');
    writer = await instance.connect();
    await writer.run(DUCKDB_SCHEMA_SQL);
    await writer.run(STAGE_TILES_SCHEMA_SQL);
    committed = 0;
    const serialized = createWriterQueue();
    insert = createGroupCommit(writer, serialized, (columns) => {
      committed += columns.timestamps.length;
    });
  });
  afterEach(() => {
    writer.closeSync();
  });

  it('writes raw points, tiles and rollups of every batch in a group, and tells of them once committed', async () => {
    await Promise.all([insert(batchOf(100, 0), 'a'), insert(batchOf(50, 100_000), 'b')]);
    expect(await countRows(writer, RAW_TABLE)).toBe(150);
    expect(await countRows(writer, TILES_TABLE)).toBeGreaterThan(0);
    const [sums] = (
      await writer.runAndReadAll(`SELECT sum(count_value) FROM ${ROLLUP_TABLES.hour}`)
    ).getRows();
    expect(Number(sums?.[0])).toBe(150);
    expect(await countRows(writer, STAGE_TILES_TABLE)).toBe(0);
    expect(committed).toBe(150);
  });

  it('takes back the points it appended when the group fails, and stores the batch when it is sent again', async () => {
    // The rollup insert comes after the points were appended: failing there must leave nothing behind.
    await writer.run(`ALTER TABLE ${ROLLUP_TABLES.hour} RENAME TO held_aside`);
    await expect(insert(batchOf(100, 0), 'a')).rejects.toThrow();
    expect(await countRows(writer, RAW_TABLE)).toBe(0);
    expect(await countRows(writer, TILES_TABLE)).toBe(0);
    expect(await countRows(writer, STAGE_TILES_TABLE)).toBe(0);
    expect(committed).toBe(0);

    await writer.run(`ALTER TABLE held_aside RENAME TO ${ROLLUP_TABLES.hour}`);
    await expect(insert(batchOf(100, 0), 'a')).resolves.toEqual({ duplicate: false });
    await expect(insert(batchOf(100, 0), 'a')).resolves.toEqual({ duplicate: true });
    expect(await countRows(writer, RAW_TABLE)).toBe(100);
    expect(committed).toBe(100);
  });
});
