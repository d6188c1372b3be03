import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { RAW_TABLE } from '../sql/pointSql.ts';
import { seriesKey } from '../rawSeriesCache.ts';
import type { PointColumns } from '../timeSeriesStore.ts';
import { DUCKDB_SCHEMA_SQL } from './duckDbSchema.ts';
import { createSnapshotLoader, rowsOfSeries } from './duckDbSnapshotLoad.ts';
import { createWriterQueue } from './writerQueue.ts';

const batch = (assetIds: number[], from: number): PointColumns => ({
  assetIds: Int32Array.from(assetIds),
  metricIds: Int32Array.from(assetIds, () => 1),
  timestamps: Float64Array.from(assetIds, (_, index) => from + index),
  values: Float64Array.from(assetIds, (assetId) => assetId * 10),
  statuses: new Int32Array(assetIds.length),
});

async function countRaw(connection: DuckDBConnection): Promise<number> {
  const [row] = (await connection.runAndReadAll(`SELECT count(*) FROM ${RAW_TABLE}`)).getRows();
  return Number(row?.[0]);
}

describe('snapshot loads', () => {
  it('reads what was committed before the snapshot and hands over what was committed while it read', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const writer = await instance.connect();
    const reader = await instance.connect();
    await writer.run(DUCKDB_SCHEMA_SQL);
    const insert = async (columns: PointColumns) => {
      for (let index = 0; index < columns.timestamps.length; index++)
        await writer.run(
          `INSERT INTO ${RAW_TABLE} VALUES (${columns.assetIds[index]}, 1, ${columns.timestamps[index]}, 0, 0)`,
        );
    };
    const serialized = createWriterQueue();
    const meanwhile = batch([1, 2, 1], 100);
    const loader = createSnapshotLoader(
      (work) => work(reader),
      serialized,
      // As the writer would: commit, then report the commit in its queue.
      () =>
        serialized(async () => {
          await insert(meanwhile);
          loader.committed(meanwhile);
          loader.trimmed({ raw: 5, hour: 7 });
        }),
    );
    await insert(batch([1, 1], 0));

    const answer = await loader.load(countRaw, (count, missed) => ({ count, missed }));
    expect(answer.count).toBe(2);
    expect(answer.missed).toEqual({ batches: [meanwhile], rawCutoff: 5, hourCutoff: 7 });
    expect(await countRaw(reader)).toBe(5);
    // Commits after the load are no longer handed to it.
    loader.committed(batch([3], 200));
    expect(answer.missed.batches).toHaveLength(1);
  });

  it('picks the rows of a batch that belong to the series being installed, in order', () => {
    const keys = new Set([seriesKey(1, 1)]);
    const rows = rowsOfSeries(batch([1, 2, 1, 3], 100), keys);
    expect(rows && [...rows.assetIds]).toEqual([1, 1]);
    expect(rows && [...rows.timestamps]).toEqual([100, 102]);
    expect(rows && [...rows.values]).toEqual([10, 10]);
    expect(rowsOfSeries(batch([2, 3], 200), keys)).toBeNull();
  });
});
