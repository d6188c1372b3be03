import { emptyColumns, m4, pushPoint } from '@kelvin/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR, T0, walk } from '../timeSeriesStore.fixtures.ts';
import type { TimeSeriesPoint } from '../timeSeriesStore.ts';
import { openDuckDbStore, type DuckDbTimeSeriesStore } from './duckDbStore.ts';

/** What M4 of asset 5's metric 1 among these points gives (the domain's reference), timestamps and values. */
function expectedM4(points: readonly TimeSeriesPoint[], from: number, to: number, width: number) {
  const all = emptyColumns();
  const inRange = points.filter(
    (point) => point.assetId === 5 && point.metricId === 1 && point.ts >= from && point.ts < to,
  );
  for (const point of [...inRange].sort((a, b) => a.ts - b.ts)) pushPoint(all, point.ts, point.value, 1);
  const { timestamps, values } = m4(all, from, to, width);
  return { timestamps, values };
}

describe('DuckDB series cache', () => {
  const stores: DuckDbTimeSeriesStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  const open = async (seriesCacheBytes?: number) => {
    const store = await openDuckDbStore({ seriesCacheBytes });
    stores.push(store);
    return store;
  };
  const chart = async (store: DuckDbTimeSeriesStore, from: number, to: number, width = 301) => {
    const [series] = await store.query({
      assetIds: [5],
      metrics: [{ metricId: 1, aggregation: 'RAW' }],
      from,
      to,
      intervalMs: 1_000,
      maxPoints: width,
    });
    return { timestamps: series?.timestamps ?? [], values: series?.values ?? [] };
  };

  it('stays exact through inserts, late points, a sliding window, compaction and retention', async () => {
    const cached = await open();
    const direct = await open(0);
    const stored: TimeSeriesPoint[] = [];
    const insert = async (points: TimeSeriesPoint[]) => {
      stored.push(...points);
      await cached.insert(points);
      await direct.insert(points);
    };
    await insert(walk(5, 1, T0, 7_200, 1_000, 1));
    const from = T0 + 1_234;
    // The first ask is answered by the database, the second loads the series into the cache; every later answer
    // must follow what was stored since.
    for (const ask of ['first', 'second']) {
      expect(await chart(cached, from, T0 + 2 * HOUR), ask).toEqual(
        expectedM4(stored, from, T0 + 2 * HOUR, 301),
      );
    }
    expect(cached.seriesCache().series).toBe(1);
    await insert(walk(5, 1, T0 + 2 * HOUR, 600, 1_000, 2)); // in order, after the end
    await insert(walk(5, 1, T0 + 1_500, 300, 3_000, 3)); // late, into the loaded range
    await insert(walk(6, 1, T0, 100, 1_000, 4)); // another series
    for (const [start, end] of [
      [from, T0 + 3 * HOUR],
      [from + 61_000, T0 + 3 * HOUR + 61_000], // a live chart moving on
    ] as const) {
      const want = expectedM4(stored, start, end, 301);
      expect(await chart(cached, start, end)).toEqual(want);
      expect(await chart(direct, start, end)).toEqual(want);
    }
    await cached.compact(T0 + 24 * HOUR);
    expect(await chart(cached, from, T0 + 3 * HOUR)).toEqual(expectedM4(stored, from, T0 + 3 * HOUR, 301));
    const cutoff = T0 + HOUR + 500;
    await cached.applyRetention({
      rawMs: 24 * HOUR - HOUR - 500,
      minuteMs: 1e12,
      hourMs: 1e12,
      now: T0 + 24 * HOUR,
    });
    const kept = stored.filter((point) => point.ts >= cutoff);
    expect(await chart(cached, from, T0 + 3 * HOUR)).toEqual(expectedM4(kept, from, T0 + 3 * HOUR, 301));
    expect(await chart(cached, cutoff + 1, T0 + 3 * HOUR)).toEqual(
      expectedM4(kept, cutoff + 1, T0 + 3 * HOUR, 301),
    );
  });

  it('brings a series loaded from a snapshot up to what was committed and deleted while it was read', async () => {
    let meanwhile: (() => Promise<void>) | null = null;
    const cached = await openDuckDbStore({ beforeSnapshotRead: () => meanwhile?.() ?? Promise.resolve() });
    stores.push(cached);
    const stored = walk(5, 1, T0, 7_200, 1_000, 1);
    await cached.insert(stored);
    const [from, to] = [T0 + 1_234, T0 + 3 * HOUR];
    await chart(cached, from, to);
    // While the second ask reads its snapshot, the writer goes on: points after the end, late points, another
    // series, and retention. None of it is in the snapshot; all of it must be in the cache.
    const cutoff = T0 + HOUR + 500;
    meanwhile = async () => {
      meanwhile = null;
      const written = [
        walk(5, 1, T0 + 2 * HOUR, 600, 1_000, 2),
        walk(5, 1, T0 + 1_500, 300, 3_000, 3),
        walk(6, 1, T0, 100, 1_000, 4),
      ];
      for (const points of written) {
        stored.push(...points);
        await cached.insert(points);
      }
      await cached.applyRetention({
        rawMs: 23 * HOUR - 500,
        minuteMs: 1e12,
        hourMs: 1e12,
        now: T0 + 24 * HOUR,
      });
    };
    const kept = () => stored.filter((point) => point.ts >= cutoff);
    expect(await chart(cached, from, to)).toEqual(expectedM4(kept(), from, to, 301));
    expect(meanwhile).toBeNull();
    expect(cached.seriesCache().series).toBe(1);
    // From the cache alone now, and still following commits.
    const after = walk(5, 1, T0 + 2 * HOUR + 600_000, 60, 1_000, 5);
    stored.push(...after);
    await cached.insert(after);
    expect(await chart(cached, from + 1, to)).toEqual(expectedM4(kept(), from + 1, to, 301));
  });

  it('answers from the database when the series would not fit its memory', async () => {
    const tiny = await open(1_000);
    const points = walk(5, 1, T0, 3_600, 1_000, 7);
    await tiny.insert(points);
    for (const ask of ['first', 'second']) {
      expect(await chart(tiny, T0, T0 + HOUR, 97), ask).toEqual(expectedM4(points, T0, T0 + HOUR, 97));
    }
    expect(tiny.seriesCache()).toEqual({ series: 0, bytes: 0, hourSeries: 0 });
  });
});
