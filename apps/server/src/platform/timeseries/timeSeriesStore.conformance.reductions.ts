import { emptyColumns, m4, MERGE_NOT_DISJOINT_MESSAGE, pushPoint, type Aggregation } from '@kelvin/domain';
import { expect, it } from 'vitest';
import { HOUR, MINUTE, T0, walk } from './timeSeriesStore.fixtures.ts';
import type { TimeSeriesPoint, TimeSeriesStore } from './timeSeriesStore.ts';

/** Conformance tests for what reshapes answers: gap fill, M4, regions and retention (part of the suite). */
export function defineGapFillAndM4Tests(getStore: () => TimeSeriesStore): void {
  it('gap fills empty 2-minute slots with explicit empty points', async () => {
    const store = getStore();
    // Data in minutes 0-5 and 12-13 of the hour; nothing in 6-11.
    const sparse = [0, 1, 2, 3, 4, 5, 12, 13].map((minute) => ({
      assetId: 1,
      metricId: 1,
      ts: T0 + minute * MINUTE + 5,
      value: minute,
    }));
    await store.insert(sparse);
    const query = {
      assetIds: [1],
      metrics: [{ metricId: 1, aggregation: 'AVERAGE' as const }],
      from: T0,
      to: T0 + 16 * MINUTE,
      intervalMs: MINUTE,
      gapFill: true,
    };
    const [filled] = await store.query(query);
    const empties = filled?.timestamps.filter(
      (_, index) => filled.metadatas[index]?.isIntervalCheckEmptyValue,
    );
    expect(empties).toEqual([6, 8, 10, 14].map((minute) => T0 + minute * MINUTE));
    expect(filled?.values.filter((value) => value === null)).toHaveLength(4);
    const [reduced] = await store.query({ ...query, maxPoints: 4 });
    expect(reduced?.timestamps.filter((_, index) => reduced.metadatas[index])).toEqual(empties);
  });

  it('reduces raw points by M4 in the database, column for column', async () => {
    const store = getStore();
    const dense = walk(3, 4, T0, 20_000, 500, 7);
    await store.insert(dense);
    const from = T0;
    const to = T0 + 10_000_000;
    const [reduced] = await store.query({
      assetIds: [3],
      metrics: [{ metricId: 4, aggregation: 'RAW' }],
      from,
      to,
      intervalMs: 500,
      maxPoints: 97,
    });
    const all = emptyColumns();
    for (const point of dense) pushPoint(all, point.ts, point.value, point.status ?? 1);
    const expected = m4(all, from, to, 97);
    expect(reduced?.timestamps).toEqual(expected.timestamps);
    expect(reduced?.values).toEqual(expected.values);
    expect(reduced?.timestamps.length).toBeLessThanOrEqual(4 * 97);
  });

  it('reduces raw points by M4 exactly: unaligned columns, late points, sparse series, compaction', async () => {
    const store = getStore();
    const dense = walk(3, 6, T0, 30_000, 300, 11);
    const sparse = walk(3, 7, T0 + 1_234, 400, 20_000, 12);
    // Out of order and late: the second batch lands in tiles and columns the first one already filled.
    const shuffled = [...dense, ...sparse].sort((a, b) => ((a.ts * 7919) % 1009) - ((b.ts * 7919) % 1009));
    await store.insert(shuffled.slice(10_000));
    await store.insert(shuffled.slice(0, 10_000));
    // After a compaction judged the sparse series' hours not worth tiles, a dense burst arrives in one of them.
    const burst = walk(3, 7, T0 + HOUR + 777, 2_000, 100, 13);
    const from = T0 + 3_217;
    const to = from + 8_765_431;
    const expected = (points: readonly TimeSeriesPoint[], width: number) => {
      const all = emptyColumns();
      for (const point of [...points].sort((a, b) => a.ts - b.ts)) {
        if (point.ts >= from) pushPoint(all, point.ts, point.value, point.status ?? 1);
      }
      return m4(all, from, to, width);
    };
    const check = async (sparsePoints: readonly TimeSeriesPoint[]) => {
      for (const width of [97, 331, 13]) {
        const series = await store.query({
          assetIds: [3],
          metrics: [
            { metricId: 6, aggregation: 'RAW' },
            { metricId: 7, aggregation: 'RAW' },
          ],
          from,
          to,
          intervalMs: 300,
          maxPoints: width,
        });
        for (const [index, points] of [dense, sparsePoints].entries()) {
          const want = expected(points, width);
          expect(series[index]?.timestamps).toEqual(want.timestamps);
          expect(series[index]?.values).toEqual(want.values);
        }
      }
    };
    await check(sparse);
    await store.compact(T0 + 72 * HOUR);
    await check(sparse);
    await store.insert(burst);
    await check([...sparse, ...burst]);
    await store.compact(T0 + 72 * HOUR);
    await check([...sparse, ...burst]);
  });

  it('reduces aggregated series by M4 too', async () => {
    const store = getStore();
    const dense = walk(3, 5, T0, 2_000, 5_000, 9);
    await store.insert(dense);
    const [all] = await store.query({
      assetIds: [3],
      metrics: [{ metricId: 5, aggregation: 'MAX' }],
      from: T0,
      to: T0 + 3 * HOUR,
      intervalMs: MINUTE,
    });
    const [reduced] = await store.query({
      assetIds: [3],
      metrics: [{ metricId: 5, aggregation: 'MAX' }],
      from: T0,
      to: T0 + 3 * HOUR,
      intervalMs: MINUTE,
      maxPoints: 10,
    });
    const expected = m4(all ?? emptyColumns(), T0, T0 + 3 * HOUR, 10);
    expect(reduced?.timestamps).toEqual(expected.timestamps);
    expect(reduced?.values).toEqual(expected.values);
  });

  it('keeps the earliest of equal extremes when it reduces a series, as the domain does', async () => {
    const store = getStore();
    // A point every 10 s with every 7th left out: minutes count 5 or 6 points, so most extremes tie.
    const points = Array.from({ length: 1_080 }, (_, index) => ({
      assetId: 3,
      metricId: 6,
      ts: T0 + index * 10_000,
      value: index % 4,
    })).filter((_, index) => index % 7 !== 3);
    await store.insert(points);
    for (const aggregation of ['COUNT', 'MAX', 'RAW'] as const) {
      const query = {
        assetIds: [3],
        metrics: [{ metricId: 6, aggregation }],
        from: T0,
        to: T0 + 3 * HOUR,
        intervalMs: MINUTE,
      };
      const [all] = await store.query(query);
      const [reduced] = await store.query({ ...query, maxPoints: 10 });
      const expected = m4(all ?? emptyColumns(), T0, T0 + 3 * HOUR, 10);
      expect(reduced?.timestamps, aggregation).toEqual(expected.timestamps);
      expect(reduced?.values, aggregation).toEqual(expected.values);
    }
  });

  it('uses the spec message for overlapping raw sets (domain merge)', () => {
    expect(MERGE_NOT_DISJOINT_MESSAGE).toMatch(/not disjointed/);
  });
}

export function defineRegionsAndRetentionTests(getStore: () => TimeSeriesStore): void {
  it('reports the regions where data exists', async () => {
    const store = getStore();
    await store.insert([...walk(1, 1, T0, 60, 1_000), ...walk(1, 1, T0 + HOUR, 30, 10_000)]);
    const [regions] = await store.regions({ assetIds: [1], metricIds: [1], from: T0, to: T0 + 2 * HOUR });
    expect(regions?.regions).toEqual([
      { from: T0, to: T0 + 59_000 },
      { from: T0 + HOUR, to: T0 + HOUR + 290_000 },
    ]);
    const [joined] = await store.regions({
      assetIds: [1],
      metricIds: [1],
      from: T0,
      to: T0 + 2 * HOUR,
      minGapMs: 2 * HOUR,
    });
    expect(joined?.regions).toEqual([{ from: T0, to: T0 + HOUR + 290_000 }]);
  });

  it('deletes data older than each level keeps it', async () => {
    const store = getStore();
    await store.insert(walk(1, 1, T0, 6 * 60, MINUTE)); // six hours, one point a minute
    await store.applyRetention({ rawMs: HOUR, minuteMs: 3 * HOUR, hourMs: 5 * HOUR, now: T0 + 6 * HOUR });
    const ask = async (intervalMs: number, aggregation: Aggregation) => {
      const [series] = await store.query({
        assetIds: [1],
        metrics: [{ metricId: 1, aggregation }],
        from: T0,
        to: T0 + 6 * HOUR,
        intervalMs,
      });
      return series?.timestamps ?? [];
    };
    expect((await ask(1, 'RAW'))[0]).toBe(T0 + 5 * HOUR);
    expect((await ask(MINUTE, 'COUNT'))[0]).toBe(T0 + 3 * HOUR);
    expect(await ask(HOUR, 'COUNT')).toEqual([1, 2, 3, 4, 5].map((hour) => T0 + hour * HOUR));
  });
}
