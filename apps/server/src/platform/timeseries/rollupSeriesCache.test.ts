import { describe, expect, it } from 'vitest';
import { toPointColumns } from './points.ts';
import { createRollupSeriesCache, type RollupSeries } from './rollupSeriesCache.ts';

const HOUR = 3_600_000;

function emptySeries(from: number): RollupSeries {
  const doubles = () => new Float64Array(0);
  return {
    from,
    length: 0,
    buckets: doubles(),
    mins: doubles(),
    maxs: doubles(),
    sums: doubles(),
    counts: doubles(),
    sumSqs: doubles(),
    statuses: new Int32Array(0),
  };
}

const point = (ts: number, value: number, status = 1) => ({ assetId: 3, metricId: 4, ts, value, status });

describe('rollup series cache', () => {
  it('folds committed points into their buckets, opening buckets in time order, late ones included', () => {
    const cache = createRollupSeriesCache(1_000_000, HOUR);
    cache.put(3, 4, emptySeries(10 * HOUR));
    cache.apply(
      toPointColumns([
        point(12 * HOUR + 5, 2),
        point(12 * HOUR + 9, 4, 3),
        point(14 * HOUR, 1),
        point(9 * HOUR, 100), // before the cache's range: not its business
        { ...point(12 * HOUR, 50), metricId: 5 }, // another series
      ]),
    );
    cache.apply(toPointColumns([point(11 * HOUR + 1, -1), point(12 * HOUR + 1, 6)]));
    const held = cache.get(3, 4, 10 * HOUR);
    expect(held && [...held.buckets.subarray(0, held.length)]).toEqual([11 * HOUR, 12 * HOUR, 14 * HOUR]);
    expect(held && [...held.counts.subarray(0, held.length)]).toEqual([1, 3, 1]);
    expect(held && [...held.sums.subarray(0, held.length)]).toEqual([-1, 12, 1]);
    expect(held && [...held.sumSqs.subarray(0, held.length)]).toEqual([1, 56, 1]);
    expect(held && [...held.mins.subarray(0, held.length)]).toEqual([-1, 2, 1]);
    expect(held && [...held.maxs.subarray(0, held.length)]).toEqual([-1, 6, 1]);
    expect(held && [...held.statuses.subarray(0, held.length)]).toEqual([1, 3, 1]);
    // A query starting inside a held bucket is answered; one before the range is not.
    expect(cache.get(3, 4, 10 * HOUR + 30)).not.toBeNull();
    expect(cache.get(3, 4, 9 * HOUR)).toBeNull();
  });

  it('drops buckets retention deleted', () => {
    const cache = createRollupSeriesCache(1_000_000, HOUR);
    cache.put(3, 4, emptySeries(0));
    cache.apply(toPointColumns([point(1, 1), point(HOUR, 2), point(2 * HOUR, 3)]));
    cache.trimBefore(HOUR);
    const held = cache.get(3, 4, HOUR);
    expect(held && [...held.buckets.subarray(0, held.length)]).toEqual([HOUR, 2 * HOUR]);
    expect(cache.get(3, 4, 0)).toBeNull();
  });
});
