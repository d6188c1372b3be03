import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import type { PointColumns } from '../timeSeriesStore.ts';
import { moveBatches } from './duckDbReclaim.ts';
import { openDuckDbStore } from './duckDbStore.ts';
import { repoRoot } from '../../../config.ts';

const DAY_START = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
const STEP_MS = 500;
const SERIES = 8;
/** Everything moved as soon as anything is free, so that the test needs only a small store. */
const ALWAYS = { minFreeShare: 0, minFreeBytes: 0, maxRounds: 4 };

/** Ten minutes of every series, interleaved as agents send them: compaction will rewrite the day sorted. */
function batch(from: number): PointColumns {
  const perSeries = (10 * 60_000) / STEP_MS;
  const total = perSeries * SERIES;
  const columns: PointColumns = {
    assetIds: new Int32Array(total).fill(1),
    metricIds: new Int32Array(total),
    timestamps: new Float64Array(total),
    values: new Float64Array(total),
    statuses: new Int32Array(total).fill(1),
  };
  for (let series = 0; series < SERIES; series++)
    for (let index = 0; index < perSeries; index++) {
      const at = series * perSeries + index;
      const ts = from + index * STEP_MS;
      columns.metricIds[at] = series + 1;
      columns.timestamps[at] = ts;
      columns.values[at] = Math.round(Math.sin(ts / 600_000 + series) * 50) / 10;
    }
  return columns;
}

/** Every table's row count and a sum of row hashes: the same rows, whatever their place in the file. */
async function contents(filePath: string): Promise<Record<string, string>> {
  const instance = await DuckDBInstance.create(filePath);
  const connection = await instance.connect();
  try {
    const tables = (
      await connection.runAndReadAll(
        'SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() ORDER BY 1',
      )
    )
      .getRows()
      .map(([name]) => String(name));
    const found: Record<string, string> = {};
    for (const table of tables) {
      const [row] = (
        await connection.runAndReadAll(`SELECT count(*), sum(hash(t))::VARCHAR FROM ${table} AS t`)
      ).getRows();
      found[table] = `${String(row?.[0])} rows, ${String(row?.[1])}`;
    }
    return found;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * A day of interleaved batches, compacted the next day with reclaiming off: the whole day is rewritten sorted and
 * its unsorted blocks are freed in the middle of the file. Returns the bytes in use.
 */
async function storeWithHoles(directory: string): Promise<number> {
  const loading = await openDuckDbStore({ directory, reclaimFreeBlocks: false, seriesCacheBytes: 0 });
  try {
    for (let from = DAY_START; from < DAY_START + 24 * HOUR; from += 10 * 60_000)
      await loading.insertColumns(batch(from));
    await loading.compact(DAY_START + 25 * HOUR);
    await loading.checkpoint();
    return await loading.usedBytes();
  } finally {
    await loading.close();
  }
}

/** Runs duckDbReclaimChild.ts on `directory` and kills it with SIGKILL `killAfterMs` after it starts reclaiming. */
async function killWhileReclaiming(directory: string, killAfterMs: number): Promise<{ finished: boolean }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/platform/timeseries/duckdb/duckDbReclaimChild.ts', directory],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('reclaiming')) resolve();
    }),
  );
  await Promise.race([started, exited]);
  await sleep(killAfterMs);
  child.kill('SIGKILL');
  await exited;
  expect(output).toContain('reclaiming');
  return { finished: output.includes('done') };
}

describe('giving freed blocks back', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('moves the tail into the holes a day rewrite left and truncates the file, keeping every row', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-reclaim-'));
    directories.push(directory);
    const filePath = path.join(directory, 'timeseries.duckdb');
    const used = await storeWithHoles(directory);
    const before = statSync(filePath).size;
    // Otherwise there would be nothing to give back and the test would prove nothing.
    expect(before).toBeGreaterThan(1.5 * used);
    const stored = await contents(filePath);
    expect(stored.ts_raw).toMatch(/^1382400 rows/);

    const store = await openDuckDbStore({ directory, seriesCacheBytes: 0 });
    try {
      const result = await store.reclaimSpace(ALWAYS);
      expect(result?.moved).toBeGreaterThan(0);
      expect(await store.usedBytes()).toBeLessThanOrEqual(used * 1.05);
      const series = await store.query({
        assetIds: [1],
        metrics: Array.from({ length: SERIES }, (_, index) => ({
          metricId: index + 1,
          aggregation: 'RAW' as const,
        })),
        from: DAY_START,
        to: DAY_START + 24 * HOUR,
        intervalMs: STEP_MS,
      });
      expect(series.map((one) => one.values.filter((value) => value !== null).length)).toEqual(
        Array.from({ length: SERIES }, () => (24 * HOUR) / STEP_MS),
      );
    } finally {
      await store.close();
    }
    const after = statSync(filePath).size;
    // Given back: the file is about its data (a block of slack for the header and rounding), not the holes.
    expect(after).toBeLessThan(before);
    expect(after).toBeLessThanOrEqual(used * 1.05 + 262_144);
    expect(await contents(filePath)).toEqual(stored);
  }, 60_000);

  it('keeps every row when the process is killed at any moment of the work', async () => {
    const template = mkdtempSync(path.join(tmpdir(), 'kelvin-reclaim-crash-'));
    directories.push(template);
    await storeWithHoles(template);
    const stored = await contents(path.join(template, 'timeseries.duckdb'));
    let interrupted = 0;
    // From the first checkpoint to the last move: the work takes a few hundred milliseconds here.
    for (const killAfterMs of [0, 40, 120, 250, 500]) {
      const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-reclaim-kill-'));
      directories.push(directory);
      cpSync(template, directory, { recursive: true });
      const { finished } = await killWhileReclaiming(directory, killAfterMs);
      if (!finished) interrupted += 1;
      // Opens (replaying the WAL the kill left) with the same rows, and can still give the rest back.
      expect(
        await contents(path.join(directory, 'timeseries.duckdb')),
        `killed after ${killAfterMs} ms`,
      ).toEqual(stored);
    }
    expect(interrupted).toBeGreaterThan(1);
  }, 120_000);

  it('moves a table’s row groups together, in row order, a bounded number of rows at a time', () => {
    const group = (table: string, start: number) => ({ table, start, count: 100, top: start });
    const batches = moveBatches([group('b', 0), group('a', 300), group('a', 0), group('a', 100)], 200);
    expect(batches.map((one) => one.map((moved) => `${moved.table}${moved.start}`))).toEqual([
      ['a0', 'a100'],
      ['a300'],
      ['b0'],
    ]);
  });
});
