import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { defineTimeSeriesStoreConformance } from '../timeSeriesStore.conformance.ts';
import { CLICKHOUSE_TEST_URL, clickHouseAvailable } from '../../../testing/testServices.ts';
import { openClickHouseStore } from './clickHouseStore.ts';

const url = CLICKHOUSE_TEST_URL;
const reachable = await clickHouseAvailable();

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
