import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { defineTimeSeriesStoreConformance } from '../timeSeriesStore.conformance.ts';
import { clickHouseReachable, openClickHouseStore } from './clickHouseStore.ts';

const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';
const reachable = await clickHouseReachable(url);
const required = process.env.KELVIN_REQUIRE_SERVICES === '1';

// Required but absent fails the whole file, rather than adding a test that is skipped whenever all is well.
if (required && !reachable) {
  throw new Error(`ClickHouse is required (KELVIN_REQUIRE_SERVICES=1) but not reachable at ${url}`);
}

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
