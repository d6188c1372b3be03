import { randomUUID } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CLICKHOUSE_TEST_URL, clickHouseAvailable } from '../../../testing/testServices.ts';
import { T0, walk } from '../timeSeriesStore.fixtures.ts';
import type { TimeSeriesStore } from '../timeSeriesStore.ts';
import { MAX_BATCHES_A_GROUP } from './clickHouseBatches.ts';
import { openClickHouseStore, type ClickHouseTimeSeriesStore } from './clickHouseStore.ts';

const url = CLICKHOUSE_TEST_URL;
const reachable = await clickHouseAvailable();
const HOUR = 3_600_000;

/** Raw points and the hour rollup's count of one series. */
async function stored(store: TimeSeriesStore, assetId: number, metricId: number) {
  const ask = async (aggregation: 'RAW' | 'COUNT', intervalMs: number) =>
    (
      await store.query({
        assetIds: [assetId],
        metrics: [{ metricId, aggregation }],
        from: T0,
        to: T0 + 2 * HOUR,
        intervalMs,
      })
    )[0];
  const raw = (await ask('RAW', 1))?.timestamps.length ?? 0;
  const counted = ((await ask('COUNT', HOUR))?.values ?? []).reduce<number>(
    (sum, value) => sum + (value ?? 0),
    0,
  );
  return { raw, counted };
}

describe.skipIf(!reachable)(`ClickHouse batch ids across processes (${url})`, () => {
  const opened: ClickHouseTimeSeriesStore[] = [];
  afterEach(async () => {
    await opened[0]?.dropDatabase();
    await Promise.all(opened.map((store) => store.close()));
    opened.length = 0;
  });
  const open = async (database: string) => {
    const store = await openClickHouseStore({ url, database });
    opened.push(store);
    return store;
  };

  it('lets one of concurrent sends of an id through two store instances (two server processes)', async () => {
    const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
    const [first, second] = [await open(database), await open(database)];
    for (let round = 0; round < 5; round++) {
      const batch = walk(5, 50 + round, T0, 600, 5_000);
      const batchId = `agent:1:race-${round}`;
      const answers = await Promise.all([
        first.insert(batch, { batchId }),
        second.insert(batch, { batchId }),
        first.insert(batch, { batchId }),
        second.insert(batch, { batchId }),
      ]);
      expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
      expect(await stored(second, 5, 50 + round)).toEqual({ raw: 600, counted: 600 });
    }
  }, 60_000);

  it('stores many batches sent at once from two processes each exactly once, re-sends of them as duplicates', async () => {
    const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
    const [first, second] = [await open(database), await open(database)];
    // 40 agents' batches at once, every one sent by both processes (as after a retry), half of them twice more.
    const sends = Array.from({ length: 40 }, (_, agent) => {
      const batch = walk(100 + agent, 7, T0, 30, 60_000);
      const batchId = `agent:${agent}:burst`;
      const copies = agent % 2 === 0 ? [first, second, first, second] : [first, second];
      return Promise.all(copies.map((store) => store.insert(batch, { batchId })));
    });
    const answers = await Promise.all(sends);
    for (const copies of answers) expect(copies.filter((answer) => !answer.duplicate)).toHaveLength(1);
    for (let agent = 0; agent < 40; agent++)
      expect(await stored(first, 100 + agent, 7)).toEqual({ raw: 30, counted: 30 });
    const again = await first.insert(walk(100, 7, T0, 30, 60_000), { batchId: 'agent:0:burst' });
    expect(again).toEqual({ duplicate: true });
  }, 60_000);

  it('stores a burst of more batches than one INSERT takes, each with its details', async () => {
    const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
    const store = await open(database);
    // More than the locks times a group: some lock's group is full, and the form of its INSERT stays in bounds.
    const count = 4 * MAX_BATCHES_A_GROUP + 60;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, agent) =>
        store.insert(walk(1000 + agent, 3, T0, 2, 60_000), {
          batchId: `agent:${agent}:wide`,
          details: [{ assetId: 1000 + agent, metricId: 4, ts: T0, status: 0, value: 'on', units: null }],
        }),
      ),
    );
    expect(answers.every((answer) => !answer.duplicate)).toBe(true);
    expect(await stored(store, 1000 + count - 1, 3)).toEqual({ raw: 2, counted: 2 });
  }, 60_000);

  it('moves a database of the earlier schema (rollup views on ts_raw) to the ingest table without counting twice', async () => {
    const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
    const admin = createClient({ url });
    try {
      await admin.command({ query: `CREATE DATABASE ${database}` });
      // The earlier schema's raw table and minute rollup with its view on ts_raw.
      for (const query of [
        `CREATE TABLE ${database}.ts_raw (asset_id Int32, metric_id Int32, ts Int64, value Float64, status Int32)
          ENGINE = MergeTree() PARTITION BY intDiv(ts, 2592000000) ORDER BY (asset_id, metric_id, ts)`,
        `CREATE TABLE ${database}.ts_rollup_1m (asset_id Int32, metric_id Int32, bucket Int64,
          min_value AggregateFunction(min, Float64), max_value AggregateFunction(max, Float64),
          sum_value AggregateFunction(sum, Float64), count_value AggregateFunction(count),
          sum_sq AggregateFunction(sum, Float64), max_status AggregateFunction(max, Int32))
          ENGINE = AggregatingMergeTree() PARTITION BY intDiv(bucket, 2592000000) ORDER BY (asset_id, metric_id, bucket)`,
        `CREATE MATERIALIZED VIEW ${database}.ts_rollup_1m_mv TO ${database}.ts_rollup_1m AS
          SELECT asset_id, metric_id, intDiv(ts, 60000) * 60000 AS bucket, minState(value) AS min_value,
            maxState(value) AS max_value, sumState(value) AS sum_value, countState() AS count_value,
            sumState(value * value) AS sum_sq, maxState(status) AS max_status
          FROM ${database}.ts_raw GROUP BY asset_id, metric_id, bucket`,
        `INSERT INTO ${database}.ts_raw VALUES (5, 50, ${T0}, 1.5, 1)`,
      ])
        await admin.command({ query });
      const store = await open(database);
      await store.insert(walk(5, 50, T0 + 60_000, 10, 1000), { batchId: 'after' });
      const views = await (
        await admin.query({
          query: `SELECT name FROM system.tables WHERE database = '${database}' AND engine = 'MaterializedView' ORDER BY name`,
          format: 'JSONEachRow',
        })
      ).json();
      expect(views).not.toContainEqual({ name: 'ts_rollup_1m_mv' });
      const [minutes] = await store.query({
        assetIds: [5],
        metrics: [{ metricId: 50, aggregation: 'COUNT' }],
        from: T0,
        to: T0 + 2 * 60_000,
        intervalMs: 60_000,
      });
      expect(minutes?.values).toEqual([1, 10]);
    } finally {
      await admin.close();
    }
  }, 60_000);
});
