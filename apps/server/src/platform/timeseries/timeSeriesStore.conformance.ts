import { AGGREGATIONS, type Aggregation } from '@kelvin/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineBatchIdTests } from './timeSeriesStore.conformance.batches.ts';
import { defineLatestTests } from './timeSeriesStore.conformance.latest.ts';
import {
  defineGapFillAndM4Tests,
  defineRegionsAndRetentionTests,
} from './timeSeriesStore.conformance.reductions.ts';
import { expectedBuckets, HOUR, MINUTE, seriesFor, T0, walk } from './timeSeriesStore.fixtures.ts';
import { TimeSeriesQueryError, type TimeSeriesPoint, type TimeSeriesStore } from './timeSeriesStore.ts';

export interface StoreHandle {
  store: TimeSeriesStore;
  /** Closes the store and removes what it created. */
  dispose(): Promise<void>;
}

const AGGREGATES = AGGREGATIONS.filter(
  (aggregation): aggregation is Exclude<Aggregation, 'RAW'> => aggregation !== 'RAW',
);

function expectClose(actual: readonly (number | null)[], expected: readonly number[]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, index) => {
    // Sums of doubles differ in the last bits depending on grouping order (rollups fold batch by batch).
    expect(value).toBeCloseTo(expected[index] ?? Number.NaN, 9);
  });
}

/** Every aggregation of asset 1's metric over the first three hours after T0 matches the domain's buckets. */
async function expectEveryAggregate(
  store: TimeSeriesStore,
  metricId: number,
  points: readonly TimeSeriesPoint[],
  intervals: readonly number[],
): Promise<void> {
  for (const intervalMs of intervals) {
    for (const aggregation of AGGREGATES) {
      const [answer] = await store.query({
        assetIds: [1],
        metrics: [{ metricId, aggregation }],
        from: T0,
        to: T0 + 3 * HOUR,
        intervalMs,
      });
      const expected = expectedBuckets(points, aggregation, intervalMs);
      expect(answer?.timestamps).toEqual(expected.timestamps);
      expectClose(answer?.values ?? [], expected.values);
    }
  }
}

/**
 * The behaviour every TimeSeriesStore must show, defined once and run against each engine with a fresh store
 * per test. `open` gets a fresh store; `dispose` cleans it up.
 */
export function defineTimeSeriesStoreConformance(engine: string, open: () => Promise<StoreHandle>): void {
  describe(`TimeSeriesStore conformance: ${engine}`, () => {
    let handle: StoreHandle;
    let store: TimeSeriesStore;
    beforeEach(async () => {
      handle = await open();
      store = handle.store;
    });
    afterEach(() => handle.dispose());

    // 3 hours at 7 s: spans minute and hour buckets unevenly.
    const points = walk(1, 10, T0 + 3_000, (3 * HOUR) / 7_000, 7_000);
    const range = { from: T0, to: T0 + 3 * HOUR };

    for (const [intervalMs, source] of [
      [30_000, 'raw'],
      [90_000, 'raw'],
      [MINUTE, 'minute'],
      [5 * MINUTE, 'minute'],
      [HOUR, 'hour'],
    ] as const) {
      it(`answers every aggregation exactly at ${intervalMs} ms from ${source}`, async () => {
        await store.insert(points);
        for (const aggregation of AGGREGATES) {
          const [answer] = await store.query({
            assetIds: [1],
            metrics: [{ metricId: 10, aggregation }],
            ...range,
            intervalMs,
          });
          const expected = expectedBuckets(points, aggregation, intervalMs);
          expect(answer?.source).toBe(source);
          expect(answer?.timestamps).toEqual(expected.timestamps);
          expectClose(answer?.values ?? [], expected.values);
        }
      });
    }

    it('returns raw points with their statuses, default status 1', async () => {
      await store.insert([
        { assetId: 2, metricId: 3, ts: T0 + 1000, value: 1.5 },
        { assetId: 2, metricId: 3, ts: T0 + 2000, value: -2.25, status: 4 },
      ]);
      const [raw] = await store.query({
        assetIds: [2],
        metrics: [{ metricId: 3, aggregation: 'RAW' }],
        ...range,
        intervalMs: 1,
      });
      expect(raw).toMatchObject({
        timestamps: [T0 + 1000, T0 + 2000],
        values: [1.5, -2.25],
        statuses: [1, 4],
        source: 'raw',
      });
    });

    it('keeps rollups right for out-of-order and late points across batches', async () => {
      const shuffled = [...points].sort((a, b) => ((a.ts * 7919) % 1009) - ((b.ts * 7919) % 1009));
      const third = Math.floor(shuffled.length / 3);
      await store.insert(shuffled.slice(third));
      await store.insert(shuffled.slice(0, third)); // late: lands in buckets the first batch already filled
      await expectEveryAggregate(store, 10, points, [MINUTE, HOUR]);
    });

    it('answers every aggregation from buckets of a single point, before and after compaction', async () => {
      // A point every 100 s: most minute buckets hold one point or none; then a late point makes one hold two.
      const sparse = walk(1, 11, T0 + 1_000, 100, 100_000);
      const late: TimeSeriesPoint = { assetId: 1, metricId: 11, ts: T0 + 31_000, value: 7.25 };
      const check = (expectedPoints: readonly TimeSeriesPoint[]) =>
        expectEveryAggregate(store, 11, expectedPoints, [MINUTE, 5 * MINUTE, HOUR]);
      await store.insert(sparse);
      await check(sparse);
      await store.compact(T0 + 72 * HOUR);
      await check(sparse);
      await store.insert([late]);
      await check([...sparse, late]);
      await store.compact(T0 + 72 * HOUR);
      await check([...sparse, late]);
    });

    it('answers rollup and raw intervals alike over the same buckets', async () => {
      await store.insert(points);
      const ask = (intervalMs: number) =>
        store.query({
          assetIds: [1],
          metrics: [{ metricId: 10, aggregation: 'STDDEV' }],
          ...range,
          intervalMs,
        });
      const [fromMinute] = await ask(2 * MINUTE);
      const [fromRaw] = await ask(40_000); // no rollup divides 40 s: computed from raw points
      const rawByTwoMinutes = expectedBuckets(points, 'STDDEV', 2 * MINUTE);
      expectClose(fromMinute?.values ?? [], rawByTwoMinutes.values);
      expect(fromRaw?.source).toBe('raw');
      expectClose(fromRaw?.values ?? [], expectedBuckets(points, 'STDDEV', 40_000).values);
    });

    it('gives each metric its own aggregation and every series even when empty', async () => {
      await store.insert([...points, ...walk(1, 11, T0, 100, 60_000)]);
      const series = await store.query({
        assetIds: [1, 99],
        metrics: [
          { metricId: 10, aggregation: 'MAX' },
          { metricId: 11, aggregation: 'COUNT' },
        ],
        ...range,
        intervalMs: HOUR,
      });
      expect(series.map((s) => [s.assetId, s.metricId, s.aggregation])).toEqual([
        [1, 10, 'MAX'],
        [1, 11, 'COUNT'],
        [99, 10, 'MAX'],
        [99, 11, 'COUNT'],
      ]);
      expect(seriesFor(series, 1, 11).values).toEqual([60, 40]);
      expect(seriesFor(series, 99, 10).timestamps).toEqual([]);
    });

    it('answers empty ranges and empty selections with empty series', async () => {
      await store.insert(points);
      const [none] = await store.query({
        assetIds: [1],
        metrics: [{ metricId: 10, aggregation: 'AVERAGE' }],
        from: T0 + 10 * HOUR,
        to: T0 + 11 * HOUR,
        intervalMs: MINUTE,
      });
      expect(none?.timestamps).toEqual([]);
      expect(await store.query({ assetIds: [], metrics: [], ...range, intervalMs: MINUTE })).toEqual([]);
    });

    it('refuses raw data for more than 24 hours with a reason', async () => {
      const ask = store.query({
        assetIds: [1],
        metrics: [{ metricId: 10, aggregation: 'RAW' }],
        from: T0,
        to: T0 + 86_400_001,
        intervalMs: MINUTE,
      });
      await expect(ask).rejects.toThrow(TimeSeriesQueryError);
      await expect(ask).rejects.toThrow(/24 hours/);
    });

    defineGapFillAndM4Tests(() => store);
    defineRegionsAndRetentionTests(() => store);
    defineBatchIdTests(() => store);
    defineLatestTests(() => store);

    it('answers the same after compaction', async () => {
      // Two days of two series in interleaved batches, plus a late point into the first day.
      for (let start = T0; start < T0 + 48 * HOUR; start += 6 * HOUR) {
        await store.insert([
          ...walk(1, 1, start, 360, MINUTE, start),
          ...walk(2, 1, start, 360, MINUTE, start + 1),
        ]);
      }
      await store.insert([{ assetId: 1, metricId: 1, ts: T0 + 90_000 + 1, value: 100 }]);
      const ask = () =>
        store.query({
          assetIds: [1, 2],
          metrics: [{ metricId: 1, aggregation: 'RAW' }],
          from: T0 + 12 * HOUR,
          to: T0 + 36 * HOUR,
          intervalMs: MINUTE,
        });
      const before = await ask();
      await store.compact(T0 + 72 * HOUR);
      expect(await ask()).toEqual(before);
      const [first] = await store.query({
        assetIds: [1],
        metrics: [{ metricId: 1, aggregation: 'COUNT' }],
        from: T0,
        to: T0 + 48 * HOUR,
        intervalMs: 24 * HOUR,
      });
      expect(first?.values).toEqual([1441, 1440]);
    });

    it('keeps many assets and metrics apart', async () => {
      const many: TimeSeriesPoint[] = [];
      for (let assetId = 1; assetId <= 20; assetId++) {
        for (let metricId = 1; metricId <= 30; metricId++) {
          for (let index = 0; index < 10; index++) {
            many.push({
              assetId,
              metricId,
              ts: T0 + index * MINUTE,
              value: assetId * 1000 + metricId + index / 10,
            });
          }
        }
      }
      await store.insert(many);
      const assetIds = Array.from({ length: 20 }, (_, index) => index + 1);
      const metrics = Array.from({ length: 30 }, (_, index) => ({
        metricId: index + 1,
        aggregation: 'MIN' as const,
      }));
      const series = await store.query({ assetIds, metrics, from: T0, to: T0 + HOUR, intervalMs: HOUR });
      expect(series).toHaveLength(600);
      for (const one of series) expect(one.values).toEqual([one.assetId * 1000 + one.metricId]);
    });
  });
}
