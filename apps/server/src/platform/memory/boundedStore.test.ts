import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { DuckDbTimeSeriesStore } from '../timeseries/duckdb/duckDbStore.ts';
import { openTimeSeriesStore } from '../timeseries/openTimeSeriesStore.ts';

function isDuckDb(store: { kind: string }): store is DuckDbTimeSeriesStore {
  return store.kind === 'duckdb';
}

describe('KELVIN_MEMORY_MB bounds the embedded time-series store', () => {
  it("sets DuckDB's memory_limit and threads from its share, as DuckDB itself reports them", async () => {
    const config = loadConfig({ KELVIN_MEMORY_MB: '1536' });
    const store = await openTimeSeriesStore({ ...config.timeseries, duckdbDirectory: undefined });
    try {
      if (!isDuckDb(store)) throw new Error('expected the embedded DuckDB store');
      const settings = await store.engineSettings();
      // (1536 - 768) / 2 = 384 MiB; DuckDB prints it with one decimal.
      expect(settings.memoryLimit).toBe('384.0 MiB');
      expect(settings.threads).toBe(config.memory.duckdbThreads);
      expect(config.memory.duckdbThreads).toBeLessThanOrEqual(2);
    } finally {
      await store.close();
    }
  });
});
