import { expect, it } from 'vitest';
import { HOUR, T0, walk } from './timeSeriesStore.fixtures.ts';
import type { TimeSeriesStore } from './timeSeriesStore.ts';

/** Counts of one series per hour from the hour rollup and from raw points (both must see each point once). */
async function counts(store: TimeSeriesStore, assetId: number, metricId: number) {
  const [rollup] = await store.query({
    assetIds: [assetId],
    metrics: [{ metricId, aggregation: 'COUNT' }],
    from: T0,
    to: T0 + 2 * HOUR,
    intervalMs: HOUR,
  });
  const [raw] = await store.query({
    assetIds: [assetId],
    metrics: [{ metricId, aggregation: 'RAW' }],
    from: T0,
    to: T0 + 2 * HOUR,
    intervalMs: 1,
  });
  return { rollup: rollup?.values ?? [], raw: raw?.timestamps.length ?? 0 };
}

/** Batch ids: a re-sent batch stores nothing twice, on every engine. */
export function defineBatchIdTests(getStore: () => TimeSeriesStore): void {
  const batch = walk(5, 50, T0, 120, 30_000);

  it('stores a batch id once: a re-sent batch is a duplicate and writes nothing', async () => {
    const store = getStore();
    expect(await store.insert(batch, { batchId: 'agent:1:first' })).toEqual({ duplicate: false });
    expect(await store.insert(batch, { batchId: 'agent:1:first' })).toEqual({ duplicate: true });
    expect(await counts(store, 5, 50)).toEqual({ rollup: [120], raw: 120 });
  });

  it('keeps different ids apart and never deduplicates without an id', async () => {
    const store = getStore();
    await store.insert(batch, { batchId: 'agent:1:a' });
    expect(await store.insert(batch, { batchId: 'agent:2:a' })).toEqual({ duplicate: false });
    await store.insert(batch);
    expect(await counts(store, 5, 50)).toEqual({ rollup: [360], raw: 360 });
  });

  it('lets exactly one of concurrent sends of an id through', async () => {
    const store = getStore();
    const answers = await Promise.all([
      store.insert(batch, { batchId: 'agent:1:race' }),
      store.insert(batch, { batchId: 'agent:1:race' }),
      store.insert(walk(6, 50, T0, 10, 60_000), { batchId: 'agent:1:other' }),
    ]);
    expect(answers.map((answer) => answer.duplicate).sort()).toEqual([false, false, true]);
    expect(await counts(store, 5, 50)).toEqual({ rollup: [120], raw: 120 });
    expect((await counts(store, 6, 50)).raw).toBe(10);
  });

  it('records the id of a batch without points', async () => {
    const store = getStore();
    expect(await store.insert([], { batchId: 'agent:1:text-only' })).toEqual({ duplicate: false });
    expect(await store.insert([], { batchId: 'agent:1:text-only' })).toEqual({ duplicate: true });
    expect(await store.insert(batch, { batchId: 'agent:1:text-only' })).toEqual({ duplicate: true });
    expect((await counts(store, 5, 50)).raw).toBe(0);
  });

  it('takes ids of any text safely', async () => {
    const store = getStore();
    const id = `user:3:it's a "quoted" \\ id; DROP TABLE x --`;
    expect(await store.insert(batch, { batchId: id })).toEqual({ duplicate: false });
    expect(await store.insert(batch, { batchId: id })).toEqual({ duplicate: true });
  });
}
