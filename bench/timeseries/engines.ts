import { statSync } from 'node:fs';
import {
  clickHouseReachable,
  openClickHouseStore,
} from '../../apps/server/src/platform/timeseries/clickhouse/clickHouseStore.ts';
import { openDuckDbStore } from '../../apps/server/src/platform/timeseries/duckdb/duckDbStore.ts';
import type {
  PointColumns,
  TimeSeriesStore,
} from '../../apps/server/src/platform/timeseries/timeSeriesStore.ts';

/** A store under test plus what the benchmark needs besides the interface: its size on disk, and cleanup. */
export interface BenchStore {
  name: 'DuckDB' | 'ClickHouse';
  store: TimeSeriesStore;
  diskBytes(): Promise<number>;
  /** DuckDB only: the part of the file in use (freed blocks are kept for reuse, not returned). */
  usedBytes(): Promise<number | null>;
  dispose(): Promise<void>;
}

export async function openDuckDbBench(
  directory: string,
  options: { reclaimFreeBlocks?: boolean } = {},
): Promise<BenchStore> {
  const store = await openDuckDbStore({ directory, ...options });
  return {
    name: 'DuckDB',
    store,
    diskBytes: async () => {
      await store.checkpoint();
      return store.filePath ? statSync(store.filePath).size : 0;
    },
    usedBytes: () => store.usedBytes(),
    dispose: () => store.close(),
  };
}

export async function openClickHouseBench(url: string): Promise<BenchStore | null> {
  if (!(await clickHouseReachable(url))) return null;
  const store = await openClickHouseStore({ url, database: `kelvin_bench_${process.pid}` });
  return {
    name: 'ClickHouse',
    store,
    diskBytes: () => store.diskBytes(),
    usedBytes: () => Promise.resolve(null),
    dispose: async () => {
      await store.dropDatabase();
      await store.close();
    },
  };
}

/**
 * Inserts batches with `concurrency` of them in flight, as that many agents posting at once would, and reports
 * the sustained rate from the first batch to the last acknowledgement.
 */
export async function timedLoad(
  insert: (columns: PointColumns) => Promise<unknown>,
  batches: Iterable<PointColumns>,
  concurrency = 8,
): Promise<{ points: number; seconds: number; pointsPerSecond: number }> {
  const started = performance.now();
  const iterator = batches[Symbol.iterator]();
  let points = 0;
  const worker = async (): Promise<void> => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      await insert(next.value);
      points += next.value.timestamps.length;
    }
  };
  // Settle every worker before failing, so that no insert is still in flight when the caller cleans up.
  const results = await Promise.allSettled(Array.from({ length: concurrency }, worker));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  const seconds = (performance.now() - started) / 1000;
  return { points, seconds, pointsPerSecond: points / seconds };
}

/**
 * Keeps inserting until stopped, so that query latencies are measured under write load. With `batchesPerSecond`
 * the batches are paced to that rate (a fleet reporting on its schedule; a batch that is late is sent at once,
 * never skipped), otherwise each batch follows the previous acknowledgement (flat out, the worst case).
 */
export function backgroundIngest(
  insert: (columns: PointColumns) => Promise<unknown>,
  nextBatch: () => PointColumns,
  batchesPerSecond?: number,
): { stop(): Promise<{ points: number; pointsPerSecond: number }> } {
  const state = { running: true, wake: (): void => undefined };
  // Read through a call: the flag changes while the loop awaits, which narrowing cannot see.
  const running = (): boolean => state.running;
  let points = 0;
  const started = performance.now();
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    for (let sent = 0; running(); sent++) {
      if (batchesPerSecond !== undefined) {
        const due = started + (sent * 1000) / batchesPerSecond;
        const wait = due - performance.now();
        if (wait > 0) await pause(wait);
        if (!running()) break;
      }
      const batch = nextBatch();
      await insert(batch);
      points += batch.timestamps.length;
    }
  })();
  return {
    stop: async () => {
      state.running = false;
      state.wake();
      await loop;
      return { points, pointsPerSecond: points / ((performance.now() - started) / 1000) };
    },
  };
}
