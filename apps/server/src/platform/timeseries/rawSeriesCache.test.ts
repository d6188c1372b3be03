import { describe, expect, it } from 'vitest';
import { toPointColumns } from './points.ts';
import { CACHED_POINT_BYTES, createRawSeriesCache, lowerBound } from './rawSeriesCache.ts';
import type { TimeSeriesPoint } from './timeSeriesStore.ts';

function series(from: number, timestamps: number[]) {
  return {
    from,
    timestamps: Float64Array.from(timestamps),
    values: Float64Array.from(timestamps, (ts) => ts / 10),
    statuses: Int32Array.from(timestamps, () => 1),
  };
}

const point = (ts: number, value = ts / 10, metricId = 1): TimeSeriesPoint => ({
  assetId: 7,
  metricId,
  ts,
  value,
  status: 2,
});

function timestampsOf(cache: ReturnType<typeof createRawSeriesCache>, from = 0): number[] {
  const held = cache.get(7, 1, from);
  return held ? [...held.timestamps.subarray(0, held.length)] : [];
}

describe('raw series cache', () => {
  it('answers only for ranges it holds completely', () => {
    const cache = createRawSeriesCache(1_000_000);
    cache.put(7, 1, series(100, [100, 200]));
    expect(cache.get(7, 1, 100)?.length).toBe(2);
    expect(cache.get(7, 1, 150)?.length).toBe(2);
    expect(cache.get(7, 1, 99)).toBeNull();
    expect(cache.get(7, 2, 100)).toBeNull();
  });

  it('appends committed points in order and merges late ones, existing points first among equal times', () => {
    const cache = createRawSeriesCache(1_000_000);
    cache.put(7, 1, series(100, [100, 200, 300]));
    cache.apply(toPointColumns([point(400), point(500), point(400, 1, 2)]));
    expect(timestampsOf(cache, 100)).toEqual([100, 200, 300, 400, 500]);
    cache.apply(toPointColumns([point(450), point(50), point(200, 99), point(150), point(600)]));
    expect(timestampsOf(cache, 100)).toEqual([100, 150, 200, 200, 300, 400, 450, 500, 600]);
    const held = cache.get(7, 1, 100);
    // The late point at 200 follows the one already held; points before `from` (50) are not the cache's.
    expect(held?.values[3]).toBe(99);
    expect(held?.values[2]).toBe(20);
    expect(held?.statuses[1]).toBe(2);
    expect(cache.get(7, 2, 0)).toBeNull();
  });

  it('grows past its first size without losing points', () => {
    const cache = createRawSeriesCache(100_000_000);
    cache.put(7, 1, series(0, [0]));
    const later = Array.from({ length: 5_000 }, (_, index) => point(5_000 - index));
    cache.apply(toPointColumns(later));
    const held = timestampsOf(cache);
    expect(held).toHaveLength(5_001);
    expect(held.every((ts, index) => index === 0 || ts >= (held[index - 1] ?? 0))).toBe(true);
  });

  it('lets the least recently used series go when over budget, and refuses one alone too big', () => {
    const cache = createRawSeriesCache(2_000 * CACHED_POINT_BYTES);
    const thousand = Array.from({ length: 1_000 }, (_, index) => index);
    cache.put(1, 1, series(0, thousand));
    cache.put(2, 1, series(0, thousand));
    cache.get(1, 1, 0); // series 1 is now the more recently used
    cache.put(3, 1, series(0, thousand));
    expect(cache.get(1, 1, 0)).not.toBeNull();
    expect(cache.get(2, 1, 0)).toBeNull();
    expect(cache.get(3, 1, 0)).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(2_000 * CACHED_POINT_BYTES);
    expect(
      cache.put(
        4,
        1,
        series(
          0,
          Array.from({ length: 2_001 }, (_, index) => index),
        ),
      ),
    ).toBeNull();
    expect(cache.get(4, 1, 0)).toBeNull();
  });

  it('drops what retention deleted and no longer answers for it', () => {
    const cache = createRawSeriesCache(1_000_000);
    cache.put(7, 1, series(0, [10, 20, 30, 40]));
    cache.trimBefore(25);
    expect(cache.get(7, 1, 0)).toBeNull();
    expect(timestampsOf(cache, 25)).toEqual([30, 40]);
  });

  it('finds the first timestamp at or after a time', () => {
    const timestamps = [1, 3, 3, 5];
    expect([0, 1, 2, 3, 4, 5, 6].map((ts) => lowerBound(timestamps, 4, ts))).toEqual([0, 0, 1, 1, 3, 3, 4]);
  });
});
