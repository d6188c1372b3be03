import { describe, expect, it } from 'vitest';
import { defineTimeSeriesStoreConformance } from '../timeSeriesStore.conformance.ts';
import { compactionRuns, openDuckDbStore } from './duckDbStore.ts';

defineTimeSeriesStoreConformance('DuckDB (in memory)', async () => {
  const store = await openDuckDbStore();
  return { store, dispose: () => store.close() };
});

describe('compaction runs', () => {
  it('groups consecutive periods up to a size and splits at gaps', () => {
    const runs = compactionRuns([
      { period: 1, points: 10 },
      { period: 2, points: 10 },
      { period: 4, points: 10 },
      { period: 5, points: 30_000_000 },
      { period: 6, points: 1 },
    ]);
    expect(runs).toEqual([
      { first: 1, last: 2 },
      { first: 4, last: 4 },
      { first: 5, last: 5 },
      { first: 6, last: 6 },
    ]);
  });
});
