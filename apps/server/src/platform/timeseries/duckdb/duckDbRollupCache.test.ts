import { emptyColumns, m4, type Aggregation } from '@kelvin/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR, T0 } from '../timeSeriesStore.fixtures.ts';
import type { TimeSeriesPoint } from '../timeSeriesStore.ts';
import { openDuckDbStore, type DuckDbTimeSeriesStore } from './duckDbStore.ts';

const DAY = 24 * HOUR;

/** Whole-number values every 20 minutes: sums are exact in any order, so both paths must agree to the bit. */
function hourly(assetId: number, start: number, days: number, seed: number): TimeSeriesPoint[] {
  return Array.from({ length: (days * DAY) / (20 * 60_000) }, (_, index) => ({
    assetId,
    metricId: 1,
    ts: start + index * 20 * 60_000 + 7,
    value: Math.round(Math.sin(index / 40 + seed) * 50 + ((index * 7919) % 11)),
    status: index % 500 === 0 ? 2 : 1,
  }));
}

describe('DuckDB hour rollup cache', () => {
  const stores: DuckDbTimeSeriesStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  /** Writes to both stores, and compares the cached store's aggregated M4 charts with the database's series. */
  function pair(cached: DuckDbTimeSeriesStore, direct: DuckDbTimeSeriesStore) {
    const from = T0 + 5 * HOUR + 123;
    const insert = async (points: TimeSeriesPoint[]) => {
      await cached.insert(points);
      await direct.insert(points);
    };
    const ask = (store: DuckDbTimeSeriesStore, aggregation: Aggregation, intervalMs: number, to: number) =>
      store.query({
        assetIds: [8],
        metrics: [{ metricId: 1, aggregation }],
        from,
        to,
        intervalMs,
      });
    // The reference: the whole aggregated series from the database, reduced by the domain's M4 (the earliest of
    // equal extremes, as the database's own M4 also keeps them).
    const chart = (aggregation: Aggregation, intervalMs: number, to: number) =>
      cached.query({
        assetIds: [8],
        metrics: [{ metricId: 1, aggregation }],
        from,
        to,
        intervalMs,
        maxPoints: 97,
      });
    const compare = async (to: number) => {
      for (const aggregation of ['AVERAGE', 'MIN', 'MAX', 'COUNT', 'STDDEV'] as const) {
        for (const intervalMs of [HOUR, 6 * HOUR]) {
          const [mine] = await chart(aggregation, intervalMs, to);
          const [whole] = await ask(direct, aggregation, intervalMs, to);
          const expected = m4(whole ?? emptyColumns(), from, to, 97);
          expect(mine?.timestamps, `${aggregation} ${intervalMs}`).toEqual(expected.timestamps);
          expect(mine?.values, `${aggregation} ${intervalMs}`).toEqual(expected.values);
          expect(mine?.timestamps.length).toBeGreaterThan(0);
        }
      }
    };
    return { insert, chart, compare };
  }

  it('answers aggregated charts like the database through inserts, late points and retention', async () => {
    const cached = await openDuckDbStore();
    const direct = await openDuckDbStore({ seriesCacheBytes: 0 });
    stores.push(cached, direct);
    const { insert, chart, compare } = pair(cached, direct);
    await insert(hourly(8, T0, 60, 1));
    // The first ask is answered by the database, the second loads the series into the cache.
    await chart('AVERAGE', HOUR, T0 + 60 * DAY);
    await compare(T0 + 60 * DAY);
    expect(cached.seriesCache().hourSeries).toBe(1);
    await insert(hourly(8, T0 + 60 * DAY, 2, 2)); // in order, after the end
    await insert(hourly(8, T0 + 10 * DAY + 60_000, 3, 3)); // late, into buckets already held
    await insert([{ assetId: 8, metricId: 1, ts: T0 + 3 * DAY + 30_000, value: 10_000 }]); // a new maximum
    await insert(hourly(9, T0, 5, 4)); // another series
    await compare(T0 + 62 * DAY);
    await cached.compact(T0 + 70 * DAY);
    await compare(T0 + 62 * DAY);
    for (const store of [cached, direct]) {
      await store.applyRetention({ rawMs: 1e12, minuteMs: 1e12, hourMs: 50 * DAY, now: T0 + 62 * DAY });
    }
    await compare(T0 + 62 * DAY);
  });

  it('brings buckets loaded from a snapshot up to what was written and deleted while they were read', async () => {
    let meanwhile: (() => Promise<void>) | null = null;
    const cached = await openDuckDbStore({ beforeSnapshotRead: () => meanwhile?.() ?? Promise.resolve() });
    const direct = await openDuckDbStore({ seriesCacheBytes: 0 });
    stores.push(cached, direct);
    const { insert, chart, compare } = pair(cached, direct);
    await insert(hourly(8, T0, 60, 1));
    await chart('AVERAGE', HOUR, T0 + 60 * DAY);
    meanwhile = async () => {
      meanwhile = null;
      await insert(hourly(8, T0 + 60 * DAY, 2, 2));
      await insert(hourly(8, T0 + 10 * DAY + 60_000, 3, 3));
      for (const store of [cached, direct]) {
        await store.applyRetention({ rawMs: 1e12, minuteMs: 1e12, hourMs: 50 * DAY, now: T0 + 62 * DAY });
      }
    };
    await compare(T0 + 62 * DAY);
    expect(meanwhile).toBeNull();
    expect(cached.seriesCache().hourSeries).toBe(1);
  });
});
