/**
 * What a chart's cache load costs the ingest going on beside it: a unit's day of 20 metrics at 2 Hz is stored,
 * a fleet keeps sending small batches (every 20 ms), and a chart asks for the day twice (the second ask loads
 * DuckDB's series cache). Prints the acknowledgement times of the fleet's batches while no load runs (the
 * baseline of the same run) and while the load runs, and the load's own time. Figures, not pass/fail.
 *
 *   npx tsx bench/cacheLoad.ts
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openDuckDbStore } from '../apps/server/src/platform/timeseries/duckdb/duckDbStore.ts';
import type { TimeSeriesQuery } from '../apps/server/src/platform/timeseries/timeSeriesStore.ts';
import { makeBatch, seriesSpecs } from './timeseries/dataset.ts';
import { timedLoad } from './timeseries/engines.ts';
import { percentile } from './timeseries/measure.ts';

const DAY_START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const RUNS = 3;

async function run(): Promise<{ baseline: number[]; during: number[]; loadMs: number }> {
  const store = await openDuckDbStore({});
  try {
    const specs = seriesSpecs([1], 20);
    const day = function* () {
      for (let from = DAY_START; from < DAY_START + DAY; from += 600_000)
        yield makeBatch(specs, from, from + 600_000, 500);
    };
    await timedLoad((columns) => store.insertColumns(columns), day());
    await store.compact(DAY_START + 2 * DAY);
    const query: TimeSeriesQuery = {
      assetIds: [1],
      metrics: specs.map((spec) => ({ metricId: spec.metricId, aggregation: 'RAW' })),
      from: DAY_START,
      to: DAY_START + DAY,
      intervalMs: 500,
      maxPoints: 1000,
    };
    await store.query(query);

    // 10 units x 200 metrics per batch, one batch every 20 ms: 100,000 points/s.
    const fleet = seriesSpecs(
      Array.from({ length: 10 }, (_, index) => 100 + index),
      200,
    );
    const acks: { at: number; ms: number }[] = [];
    // Read through a call: the flag changes while the loop awaits, which narrowing cannot see.
    const state = { running: true };
    const running = (): boolean => state.running;
    let ts = DAY_START;
    const sending = (async () => {
      while (running()) {
        const batch = makeBatch(fleet, ts, ts + 1, 10_000);
        ts += 10_000;
        const started = performance.now();
        await store.insertColumns(batch);
        acks.push({ at: started, ms: performance.now() - started });
        await sleep(20);
      }
    })();
    await sleep(1_000);
    const loadStarted = performance.now();
    await store.query({ ...query, from: query.from + 1 });
    const loadEnded = performance.now();
    await sleep(200);
    state.running = false;
    await sending;
    return {
      baseline: acks.filter((ack) => ack.at + ack.ms < loadStarted).map((ack) => ack.ms),
      // Every batch whose wait overlapped the load.
      during: acks.filter((ack) => ack.at < loadEnded && ack.at + ack.ms > loadStarted).map((ack) => ack.ms),
      loadMs: loadEnded - loadStarted,
    };
  } finally {
    await store.close();
  }
}

const runs = [];
for (let index = 0; index < RUNS; index++) runs.push(await run());
const baseline = runs.flatMap((figures) => figures.baseline);
const during = runs.flatMap((figures) => figures.during);
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const fixed = (value: number) => value.toFixed(1);
const lines = [
  ['figure', 'no load (baseline)', 'during the load', 'ratio'],
  ...(
    [
      ['ingest acknowledgement p50 (ms)', percentile(sorted(baseline), 0.5), percentile(sorted(during), 0.5)],
      ['ingest acknowledgement max (ms)', Math.max(...baseline), Math.max(...during)],
    ] as const
  ).map(([figure, before, meanwhile]) => [
    figure,
    fixed(before),
    fixed(meanwhile),
    `${fixed(meanwhile / before)}x`,
  ]),
];
console.log(
  `\n${RUNS} runs, ${during.length} batches acknowledged while a load ran, ${baseline.length} before\n`,
);
for (const [index, line] of lines.entries()) {
  console.log(`| ${line.join(' | ')} |`);
  if (index === 0) console.log(`|${line.map(() => ' --- ').join('|')}|`);
}
const loads = runs.map((figures) => figures.loadMs);
console.log(`\nthe cache load itself (second ask) under that ingest: ${loads.map(fixed).join(', ')} ms`);
