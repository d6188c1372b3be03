import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineDeviceLogStoreConformance } from '../deviceLogStore.conformance.ts';
import { T0 } from '../timeSeriesStore.fixtures.ts';
import { openDuckDbStore } from './duckDbStore.ts';

defineDeviceLogStoreConformance('DuckDB (in memory)', async () => {
  const store = await openDuckDbStore();
  return { store, dispose: () => store.close() };
});

describe('DuckDB device logs on a file', () => {
  it('keeps what an insert acknowledged, and its batch id, across a reopen', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-logs-'));
    try {
      const entry = {
        assetId: 4,
        ts: T0,
        level: 'WARN',
        source: 'modbus',
        message: 'Timeout',
        fields: { register: 40001 },
      } as const;
      const first = await openDuckDbStore({ directory });
      expect(await first.logs.insert([entry], { batchId: 'agent:9:one' })).toEqual({ duplicate: false });
      await first.close();
      const second = await openDuckDbStore({ directory });
      try {
        expect(await second.logs.insert([entry], { batchId: 'agent:9:one' })).toEqual({ duplicate: true });
        const page = await second.logs.query({ assetId: 4, from: T0, limit: 10 });
        expect(page.entries).toEqual([
          expect.objectContaining({ message: 'Timeout', fields: { register: 40001 } }),
        ]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
