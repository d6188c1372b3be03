import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { defineDeviceLogStoreConformance } from '../deviceLogStore.conformance.ts';
import { serviceAvailable } from '../../../testing/serviceAvailable.ts';
import { clickHouseReachable, openClickHouseStore } from './clickHouseStore.ts';

const url = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';
const reachable = await serviceAvailable('ClickHouse', url, async () => {
  if (!(await clickHouseReachable(url))) throw new Error('no answer');
});

describe.skipIf(!reachable)(`ClickHouse at ${url}`, () => {
  defineDeviceLogStoreConformance('ClickHouse', async () => {
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
