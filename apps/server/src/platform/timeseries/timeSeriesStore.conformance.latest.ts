import { expect, it } from 'vitest';
import { HOUR, MINUTE, T0, walk } from './timeSeriesStore.fixtures.ts';
import type { LatestReading, TimeSeriesPoint, TimeSeriesStore } from './timeSeriesStore.ts';

const DAY = 24 * HOUR;

/** Readings sorted by series, so that answers in any order compare. */
function sorted(readings: readonly LatestReading[]): LatestReading[] {
  return [...readings].sort((a, b) => a.assetId - b.assetId || a.metricId - b.metricId);
}

/** What `latest` must answer for plain points: each series' newest point at or after `since`. */
function newestOf(points: readonly TimeSeriesPoint[], since: number): LatestReading[] {
  const newest = new Map<string, TimeSeriesPoint>();
  for (const point of points) {
    if (point.ts < since) continue;
    const key = `${point.assetId}:${point.metricId}`;
    const held = newest.get(key);
    if (!held || point.ts > held.ts) newest.set(key, point);
  }
  return sorted(
    [...newest.values()].map((point) => ({
      kind: 'point',
      assetId: point.assetId,
      metricId: point.metricId,
      ts: point.ts,
      value: point.value,
      status: point.status ?? 1,
    })),
  );
}

/** Conformance tests of `latest`, the newest reading of every series (part of the suite). */
export function defineLatestTests(getStore: () => TimeSeriesStore): void {
  it('answers the newest point of every series, whatever hour or day it is in', async () => {
    const store = getStore();
    const points = [
      // A live series, its newest point in the newest hour; another that stopped days earlier.
      ...walk(1, 1, T0, 3 * 24 * 60, MINUTE),
      ...walk(1, 2, T0, 24 * 60, MINUTE),
      // Sparse: one point, hours before its neighbours' last ones; and one only before the lookback.
      { assetId: 2, metricId: 1, ts: T0 + 30 * HOUR + 17, value: -4.5, status: 3 },
      { assetId: 3, metricId: 1, ts: T0 - 2 * HOUR, value: 99 },
    ];
    // Out of order, and a late point that is older than what its series already holds.
    await store.insert(points.slice(200));
    await store.insert(points.slice(0, 200));
    await store.insert([{ assetId: 1, metricId: 1, ts: T0 + 5 * MINUTE + 1, value: 1234 }]);
    const expected = newestOf(points, T0);
    expect(sorted(await store.latest(T0))).toEqual(expected);
    await store.compact(T0 + 10 * DAY);
    expect(sorted(await store.latest(T0))).toEqual(expected);
    // The lookback starts inside an hour: points before it in that hour are not the series' newest.
    expect(sorted(await store.latest(T0 + 30 * HOUR + 18))).toEqual(newestOf(points, T0 + 30 * HOUR + 18));
    expect(await store.latest(T0 + 10 * DAY)).toEqual([]);
  });

  it('takes the highest (value, status) of points sharing the newest timestamp', async () => {
    const store = getStore();
    await store.insert([
      { assetId: 1, metricId: 1, ts: T0 + 1000, value: 5, status: 1 },
      { assetId: 1, metricId: 1, ts: T0 + 2000, value: 2, status: 7 },
    ]);
    await store.insert([
      { assetId: 1, metricId: 1, ts: T0 + 2000, value: 3, status: 0 },
      { assetId: 1, metricId: 1, ts: T0 + 2000, value: 3, status: 2 },
    ]);
    expect(await store.latest(T0)).toEqual([
      { kind: 'point', assetId: 1, metricId: 1, ts: T0 + 2000, value: 3, status: 2 },
    ]);
  });

  it('keeps details of readings the points cannot tell, newest of point or detail winning', async () => {
    const store = getStore();
    const detail = (metricId: number, ts: number, value: number | string | boolean | null, units = null) => ({
      assetId: 1,
      metricId,
      ts,
      status: 2,
      value,
      units,
    });
    await store.insert([{ assetId: 1, metricId: 1, ts: T0, value: 20 }], {
      batchId: 'a',
      details: [
        detail(2, T0, 'v1.2 "quoted" \\ \u00e9'),
        detail(3, T0, true),
        detail(4, T0, null),
        { ...detail(5, T0, 71.5), units: '°F' },
        { ...detail(6, T0, 0), units: '' },
      ],
    });
    // Newer than the text: the point wins; older than the empty reading: the detail wins.
    await store.insert([
      { assetId: 1, metricId: 2, ts: T0 + 1, value: 7 },
      { assetId: 1, metricId: 4, ts: T0 - 1, value: 8 },
      { assetId: 1, metricId: 5, ts: T0, value: 71.5 },
    ]);
    // A re-sent batch id adds no details either, and details alone are stored exactly once too.
    await store.insert([], { batchId: 'a', details: [detail(3, T0 + 5, false)] });
    await store.insert([], { batchId: 'b', details: [detail(7, T0 + 9, 'only text')] });
    await store.insert([], { batchId: 'b', details: [detail(7, T0 + 10, 'again')] });
    const expected = sorted([
      { kind: 'point', assetId: 1, metricId: 1, ts: T0, value: 20, status: 1 },
      { kind: 'point', assetId: 1, metricId: 2, ts: T0 + 1, value: 7, status: 1 },
      { kind: 'detail', ...detail(3, T0, true) },
      { kind: 'detail', ...detail(4, T0, null) },
      { kind: 'detail', ...detail(5, T0, 71.5), units: '°F' },
      { kind: 'detail', ...detail(6, T0, 0), units: '' },
      { kind: 'detail', ...detail(7, T0 + 9, 'only text') },
    ]);
    expect(sorted(await store.latest(T0 - HOUR))).toEqual(expected);
    await store.compact(T0 + 3 * DAY);
    expect(sorted(await store.latest(T0 - HOUR))).toEqual(expected);
  });

  it('forgets what raw retention removed, and keeps the newest detail of each series', async () => {
    const store = getStore();
    await store.insert(walk(1, 1, T0, 48, HOUR), {
      details: [
        { assetId: 1, metricId: 2, ts: T0, status: 1, value: 'old', units: null },
        { assetId: 1, metricId: 2, ts: T0 + 30 * HOUR, status: 1, value: 'kept', units: null },
        { assetId: 1, metricId: 3, ts: T0 + HOUR, status: 1, value: 'expired', units: null },
      ],
    });
    const now = T0 + 50 * HOUR;
    await store.applyRetention({ rawMs: 24 * HOUR, minuteMs: 10 * DAY, hourMs: 100 * DAY, now });
    const answer = sorted(await store.latest(0));
    expect(answer.map((reading) => [reading.metricId, reading.ts])).toEqual([
      [1, T0 + 47 * HOUR],
      [2, T0 + 30 * HOUR],
    ]);
  });

  it('refuses details it cannot store faithfully, writing nothing of the batch', async () => {
    const store = getStore();
    const insert = store.insert([{ assetId: 1, metricId: 1, ts: T0, value: 1 }], {
      batchId: 'bad',
      details: [{ assetId: 1, metricId: 2, ts: T0, status: 1, value: Number.NaN, units: null }],
    });
    await expect(insert).rejects.toThrow(/finite/);
    expect(await store.latest(0)).toEqual([]);
  });
}
