/**
 * Disk of a store that has been running (timeseries/liveStorage.ts): `--days` of `--assets` x 20 series at 2 Hz
 * arrive an hour at a time and the hourly compaction runs after each hour. Prints bytes a point on disk and in use,
 * with the file's tail moved into freed blocks and truncated (duckDbReclaim.ts) and, as the baseline of the same
 * run, without. Figures, not pass/fail.
 *
 *   npx tsx bench/liveStorage.ts --days=3 --assets=2
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seriesSpecs } from './timeseries/dataset.ts';
import { measureLiveStorage } from './timeseries/liveStorage.ts';

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((one) => one.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const days = arg('days', 3);
const specs = seriesSpecs(
  Array.from({ length: arg('assets', 2) }, (_, index) => index + 1),
  20,
);
const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-live-'));
try {
  console.log(
    `${days} days of ${specs.length} series at 2 Hz, fed an hour at a time and compacted after each`,
  );
  const figures = [];
  for (const reclaim of [false, true]) {
    const started = performance.now();
    const live = await measureLiveStorage(directory, specs, Date.UTC(2025, 0, 1), days, 500, reclaim);
    figures.push({
      store: reclaim ? 'freed blocks given back' : 'baseline: freed blocks kept',
      points: live.points,
      'bytes/point on disk': Number(live.bytesPerPoint.toFixed(2)),
      'bytes/point in use': Number(live.usedBytesPerPoint.toFixed(2)),
      seconds: Math.round((performance.now() - started) / 1000),
    });
  }
  console.table(figures);
  const [kept, given] = figures;
  if (kept && given)
    console.log(
      `on disk: ${(given['bytes/point on disk'] / kept['bytes/point on disk']).toFixed(2)}x the baseline`,
    );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
