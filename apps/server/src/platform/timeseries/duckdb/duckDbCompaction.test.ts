import { DAY_MS } from '@kelvin/domain';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { RAW_TABLE, ROLLUP_TABLES } from '../sql/pointSql.ts';
import type { PointColumns } from '../timeSeriesStore.ts';
import {
  compactDuckDb,
  compactionRuns,
  createCompactionAccess,
  wholeDayRuns,
  type CompactionAccess,
} from './duckDbCompaction.ts';
import { createGroupCommit } from './duckDbGroupCommit.ts';
import { DAYS_TABLE, DIRTY_TABLE, DUCKDB_SCHEMA_SQL } from './duckDbSchema.ts';
import { STAGE_TILES_SCHEMA_SQL, TILES_TABLE, tileRowsSql } from './duckDbTiles.ts';
import { createWriterQueue, type Serialized } from './writerQueue.ts';

const HOUR = 3_600_000;
const DAY0 = 20_000 * DAY_MS;
const ASSETS = [3, 1, 2];

/** An hour of every asset's two metrics at 1 Hz (dense enough for tiles), interleaved point by point as concurrent agents would send. */
function hourOfPoints(hourStart: number): PointColumns {
  const rows: number[][] = [];
  for (let ts = hourStart; ts < hourStart + HOUR; ts += 1_000)
    for (const assetId of ASSETS)
      for (const metricId of [2, 1]) rows.push([assetId, metricId, ts, (ts / 1_000 + assetId) % 13]);
  return {
    assetIds: Int32Array.from(rows, (row) => row[0] ?? 0),
    metricIds: Int32Array.from(rows, (row) => row[1] ?? 0),
    timestamps: Float64Array.from(rows, (row) => row[2] ?? 0),
    values: Float64Array.from(rows, (row) => row[3] ?? 0),
    statuses: new Int32Array(rows.length),
  };
}

describe('DuckDB compaction', () => {
  let writer: DuckDBConnection;
  let insert: (columns: PointColumns) => Promise<unknown>;
  let serialized: Serialized;
  const writes: string[][] = [];
  /** Compaction on the test's connection in runs of at most `runPoints`, its writes recorded. */
  const accessWithRuns = (runPoints: number): CompactionAccess => {
    const real = createCompactionAccess(writer, (work) => work(writer), serialized, runPoints);
    return {
      ...real,
      write: (statements) => {
        writes.push([...statements]);
        return real.write(statements);
      },
    };
  };

  const rows = async (sql: string): Promise<unknown[][]> => (await writer.runAndReadAll(sql)).getRows();
  /** Rows out of (asset, metric, ts) order in the table's physical order. */
  const unsortedRows = async (): Promise<number> => {
    const [row] = await rows(`SELECT count(*) FROM (
      SELECT asset_id, metric_id, ts, lag(asset_id) OVER w AS a, lag(metric_id) OVER w AS m, lag(ts) OVER w AS t
      FROM ${RAW_TABLE} WINDOW w AS (ORDER BY rowid))
      WHERE asset_id < a OR (asset_id = a AND (metric_id < m OR (metric_id = m AND ts < t)))`);
    return Number(row?.[0]);
  };
  /** Everything a query could read: per series its raw points' count and sum, rollup totals and tile rows. */
  const contents = async (): Promise<unknown[][]> => [
    ...(await rows(
      `SELECT asset_id, metric_id, count(*), sum(value) FROM ${RAW_TABLE} GROUP BY ALL ORDER BY ALL`,
    )),
    ...(await rows(`SELECT asset_id, metric_id, sum(count_value), min(min_value) FROM ${ROLLUP_TABLES.minute}
      GROUP BY ALL ORDER BY ALL`)),
    ...(await rows(`SELECT asset_id, metric_id, tile, min(first_ts), max(last_ts), min(min_value), max(max_value)
      FROM ${TILES_TABLE} GROUP BY ALL ORDER BY ALL`)),
  ];

  beforeEach(async () => {
    const instance = await DuckDBInstance.create(':memory:');
    writer = await instance.connect();
    await writer.run(DUCKDB_SCHEMA_SQL);
    await writer.run(STAGE_TILES_SCHEMA_SQL);
    serialized = createWriterQueue();
    const commit = createGroupCommit(writer, serialized, () => undefined);
    insert = (columns) => commit(columns, undefined);
    writes.length = 0;
  });

  it('sorts closed hours by the hour, then rewrites the closed day whole, sorted by series', async () => {
    const access = accessWithRuns(1_000_000);
    for (let hour = 0; hour < 3; hour++) {
      await insert(hourOfPoints(DAY0 + hour * HOUR));
      await compactDuckDb(access, DAY0 + (hour + 1) * HOUR);
    }
    // Sorted within each hour, so the series restart every hour.
    expect(await unsortedRows()).toBe(2);
    const before = await contents();

    await compactDuckDb(access, DAY0 + DAY_MS);
    expect(await unsortedRows()).toBe(0);
    expect(await contents()).toEqual(before);
    expect(await rows(`SELECT day, sorted FROM ${DAYS_TABLE}`)).toEqual([[BigInt(DAY0 / DAY_MS), true]]);
    expect(await rows(`SELECT * FROM ${DIRTY_TABLE}`)).toEqual([]);
    // Tiles as compaction rebuilds them: one per series and tile, exactly what the raw points give.
    expect(await rows(`SELECT * FROM ${TILES_TABLE} ORDER BY ALL`)).toEqual(
      await rows(`SELECT * FROM (${tileRowsSql(RAW_TABLE)}) ORDER BY ALL`),
    );

    // Done once: the day is not rewritten again, and a late point only has its hour compacted.
    writes.length = 0;
    await insert(hourOfPoints(DAY0 + 5 * HOUR));
    await compactDuckDb(access, DAY0 + DAY_MS + HOUR);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.join(';')).toContain(`period >= ${DAY0 / HOUR + 5} AND period <= ${DAY0 / HOUR + 5}`);
  });

  it('plans a day too big for one run as asset ranges, the last one completing the day', async () => {
    // 14,400 points per asset and day: two assets fit in a run of 30,000, the third starts another.
    const access = accessWithRuns(30_000);
    for (let hour = 0; hour < 2; hour++) await insert(hourOfPoints(DAY0 + hour * HOUR));
    const today = DAY0 / DAY_MS + 1;
    const firstHour = DAY0 / HOUR;
    const day = { first: firstHour, last: firstHour + 23 };
    expect(await wholeDayRuns(access, today)).toEqual([
      { ...day, assets: { min: 1, max: 2 }, completes: null },
      { ...day, assets: { min: 3, max: 3 }, completes: 'days' },
    ]);
    const before = await contents();
    await compactDuckDb(access, DAY0 + DAY_MS);
    expect(await unsortedRows()).toBe(0);
    expect(await contents()).toEqual(before);
    expect(await rows(`SELECT sorted FROM ${DAYS_TABLE}`)).toEqual([[true]]);
  });

  it('leaves days closed long ago to hourly compaction, marking them done', async () => {
    const access = accessWithRuns(1_000_000);
    await insert(hourOfPoints(DAY0));
    const today = DAY0 / DAY_MS + 5;
    expect(await wholeDayRuns(access, today)).toEqual([]);
    expect(await rows(`SELECT sorted FROM ${DAYS_TABLE}`)).toEqual([[true]]);
  });
});

describe('compaction runs', () => {
  it('groups consecutive periods up to a size and splits at gaps', () => {
    const runs = compactionRuns([
      { period: 1, points: 10 },
      { period: 2, points: 10 },
      { period: 4, points: 10 },
      { period: 5, points: 30_000_000 },
      { period: 6, points: 1 },
    ]);
    expect(runs).toEqual([
      { first: 1, last: 2 },
      { first: 4, last: 4 },
      { first: 5, last: 5 },
      { first: 6, last: 6 },
    ]);
  });
});
