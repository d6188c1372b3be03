import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defineTimeSeriesStoreConformance } from '../timeSeriesStore.conformance.ts';
import { clickHouseReachable, openClickHouseStore } from './clickHouseStore.ts';

const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';
const reachable = await clickHouseReachable(url);
const required = process.env.KELVIN_REQUIRE_SERVICES === '1';

describe.runIf(required && !reachable)('ClickHouse', () => {
  it(`is reachable at ${url} (KELVIN_REQUIRE_SERVICES=1)`, () => expect(reachable).toBe(true));
});

describe.skipIf(!reachable)(`ClickHouse at ${url}`, () => {
  defineTimeSeriesStoreConformance('ClickHouse', async () => {
    // A database per test keeps tests independent; dropped afterwards.
    const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
    const store = await openClickHouseStore({ url, database });
    return {
      store,
      dispose: async () => {
        await store.dropDatabase();
        await store.close();
      },
    };
  });
});
