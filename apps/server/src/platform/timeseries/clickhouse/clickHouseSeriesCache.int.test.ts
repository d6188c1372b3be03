import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICKHOUSE_TEST_URL, clickHouseAvailable } from '../../../testing/testServices.ts';
import { HOUR, MINUTE, T0, walk } from '../timeSeriesStore.fixtures.ts';
import type { TimeSeriesQuery } from '../timeSeriesStore.ts';
import { openClickHouseStore, type ClickHouseTimeSeriesStore } from './clickHouseStore.ts';

const url = CLICKHOUSE_TEST_URL;
const reachable = await clickHouseAvailable();

/**
 * The series cache answers what the database answers, also after another process (another store instance, which
 * this one never hears of) wrote into the charted window: late points in old minutes, new points at its end.
 */
describe.skipIf(!reachable)(`ClickHouse series cache (${url})`, () => {
  const database = `kelvin_test_${randomUUID().replaceAll('-', '')}`;
  let cached: ClickHouseTimeSeriesStore;
  let other: ClickHouseTimeSeriesStore;
  let uncached: ClickHouseTimeSeriesStore;

  beforeAll(async () => {
    cached = await openClickHouseStore({ url, database });
    other = await openClickHouseStore({ url, database });
    uncached = await openClickHouseStore({ url, database, seriesCacheBytes: 0 });
  });
  afterAll(async () => {
    await cached.dropDatabase();
    await Promise.all([cached.close(), other.close(), uncached.close()]);
  });

  const chart = (shift: number): TimeSeriesQuery => ({
    assetIds: [1, 2],
    metrics: [1, 2, 3].map((metricId) => ({ metricId, aggregation: 'RAW' as const })),
    from: T0 + shift,
    to: T0 + 2 * HOUR + shift,
    intervalMs: 1,
    maxPoints: 300,
  });
  const same = async (query: TimeSeriesQuery) => {
    const [fromCache, fromDatabase] = await Promise.all([cached.query(query), uncached.query(query)]);
    // Sums over several hours are added up in another order in memory: equal to the last few bits.
    const withoutValues = (series: typeof fromCache) => series.map((one) => ({ ...one, values: [] }));
    expect(withoutValues(fromCache)).toEqual(withoutValues(fromDatabase));
    fromCache.forEach((series, index) => {
      const expected = fromDatabase[index]?.values ?? [];
      expect(series.values.length).toBe(expected.length);
      series.values.forEach((value, at) => {
        const other = expected[at] ?? null;
        if (value === null || other === null) expect(value).toBe(other);
        else expect(Math.abs(value - other)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(other)));
      });
    });
    return fromCache;
  };

  it('follows writes of another process into the window it holds', async () => {
    for (const assetId of [1, 2])
      for (const metricId of [1, 2, 3]) await other.insert(walk(assetId, metricId, T0, 7200, 1000));
    await same(chart(0));
    // Second ask: the series are loaded and answered from memory from now on.
    const [first] = await same(chart(1));
    expect(first?.timestamps.length).toBeGreaterThan(300);
    // Late points inside minutes already held, a new series' points, and newer points past the end.
    await other.insert([
      { assetId: 1, metricId: 1, ts: T0 + 30 * MINUTE + 500, value: 1000, status: 3 },
      { assetId: 2, metricId: 3, ts: T0 + 61 * MINUTE + 1, value: -1000 },
      ...walk(1, 2, T0 + 2 * HOUR, 120, 1000, 7),
    ]);
    const [withLate] = await same(chart(2));
    expect(withLate?.values).toContain(1000);
    await same(chart(MINUTE));
    await same({ ...chart(5 * MINUTE), maxPoints: 1000 });
    // Wide columns: M4 over whole blocks of held points, after a late point changed one in the middle.
    await same({ ...chart(5 * MINUTE), maxPoints: 7 });
    await other.insert([{ assetId: 2, metricId: 1, ts: T0 + 50 * MINUTE + 250, value: 5000 }]);
    const [, , , wide] = await same({ ...chart(5 * MINUTE), maxPoints: 7 });
    expect(wide?.values).toContain(5000);
  }, 60_000);

  it('counts closed hours whole and the edges by minute, as the window moves across hour boundaries', async () => {
    await other.insert(walk(4, 1, T0, 4 * 3600, 1000, 3));
    const window = (from: number, to: number): TimeSeriesQuery => ({
      assetIds: [4],
      metrics: [{ metricId: 1, aggregation: 'RAW' as const }],
      from,
      to,
      intervalMs: 1,
      maxPoints: 2000,
    });
    await same(window(T0 + 10 * MINUTE, T0 + 3 * HOUR + 10 * MINUTE));
    await same(window(T0 + 10 * MINUTE + 1, T0 + 3 * HOUR + 10 * MINUTE + 1));
    // Late points in a closed hour (counted whole) and in the first partial hour (counted by minute).
    await other.insert([
      { assetId: 4, metricId: 1, ts: T0 + 90 * MINUTE + 1, value: 7000 },
      { assetId: 4, metricId: 1, ts: T0 + 15 * MINUTE + 1, value: -7000 },
    ]);
    const [late] = await same(window(T0 + 10 * MINUTE + 2, T0 + 3 * HOUR + 10 * MINUTE + 2));
    expect(late?.values).toEqual(expect.arrayContaining([7000, -7000]));
    // The start passes an hour boundary: the hour counted whole so far is counted by minute, and the other way
    // round at the end; a late point lands in it meanwhile.
    await other.insert([{ assetId: 4, metricId: 1, ts: T0 + 100 * MINUTE + 1, value: 8000 }]);
    const [moved] = await same(window(T0 + 70 * MINUTE, T0 + 4 * HOUR + 10 * MINUTE));
    expect(moved?.values).toEqual(expect.arrayContaining([7000, 8000]));
    await same(window(T0 + 70 * MINUTE + 1, T0 + 4 * HOUR + 10 * MINUTE + 1));
  }, 60_000);

  it('answers hourly aggregates of long charts from held hour buckets, following late writes', async () => {
    const DAY = 24 * HOUR;
    const start = T0 - 40 * DAY;
    for (const metricId of [7, 8]) await other.insert(walk(3, metricId, start, 40 * 24 * 6, 600_000));
    const long = (aggregation: 'AVERAGE' | 'MAX' | 'STDDEV', intervalMs = HOUR): TimeSeriesQuery => ({
      assetIds: [3],
      metrics: [7, 8].map((metricId) => ({ metricId, aggregation })),
      from: start + 5 * MINUTE,
      to: T0 - 90 * MINUTE,
      intervalMs,
      maxPoints: 200,
    });
    await same(long('AVERAGE'));
    await same(long('AVERAGE'));
    await other.insert([
      { assetId: 3, metricId: 7, ts: start + 10 * DAY + 1, value: 500, status: 4 },
      { assetId: 3, metricId: 8, ts: T0 - 2 * HOUR, value: -500 },
    ]);
    const [first] = await same(long('AVERAGE'));
    expect(first?.statuses).toContain(4);
    await same(long('MAX', 6 * HOUR));
    await same(long('STDDEV', DAY));
  }, 60_000);
});
