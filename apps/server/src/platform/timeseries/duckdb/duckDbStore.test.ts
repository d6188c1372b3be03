import { emptyColumns, m4, pushPoint } from '@kelvin/domain';
import { describe, expect, it } from 'vitest';
import { defineTimeSeriesStoreConformance } from '../timeSeriesStore.conformance.ts';
import { HOUR, T0 } from '../timeSeriesStore.fixtures.ts';
import type { TimeSeriesPoint } from '../timeSeriesStore.ts';
import { openDuckDbStore } from './duckDbStore.ts';

defineTimeSeriesStoreConformance('DuckDB (in memory)', async () => {
  const store = await openDuckDbStore();
  return { store, dispose: () => store.close() };
});

// Without the series cache, M4 comes from tiles and raw points in SQL: the same behaviour, by the other path.
defineTimeSeriesStoreConformance('DuckDB (in memory, no series cache)', async () => {
  const store = await openDuckDbStore({ seriesCacheBytes: 0 });
  return { store, dispose: () => store.close() };
});

// DuckDB's own M4 paths (tiles, the series cache) break ties like the domain: the first of equal extremes.
describe.each([
  ['tiles', 0],
  ['the series cache', undefined],
])('M4 from %s with tied values', (_path, seriesCacheBytes) => {
  it('keeps the earliest of equal minima and maxima, as the domain does', async () => {
    const store = await openDuckDbStore({ seriesCacheBytes });
    try {
      // Values quantised to a few levels, as sensors report them: every column has many equal extremes.
      const points: TimeSeriesPoint[] = Array.from({ length: 40_000 }, (_, index) => ({
        assetId: 1,
        metricId: 1,
        ts: T0 + index * 250,
        // `|| 0`: no -0, which toEqual tells apart from 0.
        value: Math.round(Math.sin(index / 700) * 3 + ((index * 7919) % 5) / 4) || 0,
      }));
      await store.insert(points.filter((_, index) => index % 3 !== 0));
      await store.insert(points.filter((_, index) => index % 3 === 0)); // late, into tiles already written
      const from = T0 + 1_111;
      const to = T0 + 9_876_543;
      const all = emptyColumns();
      for (const point of points)
        if (point.ts >= from && point.ts < to) pushPoint(all, point.ts, point.value, 1);
      for (const compacted of [false, true]) {
        if (compacted) await store.compact(T0 + 24 * HOUR);
        for (const width of [50, 333]) {
          const [reduced] = await store.query({
            assetIds: [1],
            metrics: [{ metricId: 1, aggregation: 'RAW' }],
            from,
            to,
            intervalMs: 250,
            maxPoints: width,
          });
          const expected = m4(all, from, to, width);
          expect(reduced?.timestamps).toEqual(expected.timestamps);
          expect(reduced?.values).toEqual(expected.values);
        }
      }
    } finally {
      await store.close();
    }
  });
});
