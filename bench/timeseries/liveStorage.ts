import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makeBatch, type SeriesSpec } from './dataset.ts';
import { openDuckDbBench, timedLoad } from './engines.ts';

const HOUR = 3_600_000;

/**
 * The size of a store that has been running, rather than one bulk-loaded and compacted once: `days` of the series
 * at `stepMs` arrive an hour at a time (as 10-minute agent batches), and after each hour the periodic compaction
 * runs as if the clock had just passed it (closed hours sorted, a closed day rewritten whole, then the file's tail
 * moved into the blocks that freed and truncated, duckDbReclaim.ts). Without that last step, blocks freed by one
 * day's rewrite are reused by the next day's points, and the file settles near the data in use plus about a day.
 */
export async function measureLiveStorage(
  parent: string,
  specs: readonly SeriesSpec[],
  start: number,
  days: number,
  stepMs: number,
  /** False to keep the blocks compaction freed in the file, as before duckDbReclaim.ts (the bench's baseline). */
  reclaimFreeBlocks = true,
): Promise<{ points: number; bytesPerPoint: number; usedBytesPerPoint: number }> {
  const directory = mkdtempSync(path.join(parent, 'live-'));
  const bench = await openDuckDbBench(directory, { reclaimFreeBlocks });
  try {
    let points = 0;
    for (let hour = start; hour < start + days * 24 * HOUR; hour += HOUR) {
      const batches = function* () {
        for (let from = hour; from < hour + HOUR; from += 10 * 60_000)
          yield makeBatch(specs, from, from + 10 * 60_000, stepMs);
      };
      points += (await timedLoad((columns) => bench.store.insertColumns(columns), batches())).points;
      await bench.store.compact(hour + HOUR);
    }
    const bytes = await bench.diskBytes();
    const used = (await bench.usedBytes()) ?? bytes;
    return { points, bytesPerPoint: bytes / points, usedBytesPerPoint: used / points };
  } finally {
    await bench.dispose();
    rmSync(directory, { recursive: true, force: true });
  }
}
