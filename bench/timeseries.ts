/**
 * Time-series benchmark: DuckDB (and ClickHouse when reachable) against a PostgreSQL btree table holding the same
 * data, measured in the same run. Figures, not pass/fail.
 *
 *   npx tsx bench/timeseries.ts [--size=small|default|large]
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), CLICKHOUSE_URL (default
 * http://127.0.0.1:8123; skipped when unreachable).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { TimeSeriesQuery } from '../apps/server/src/platform/timeseries/timeSeriesStore.ts';
import { makeBatch, seriesSpecs, type SeriesSpec } from './timeseries/dataset.ts';
import {
  backgroundIngest,
  openClickHouseBench,
  openDuckDbBench,
  timedLoad,
  type BenchStore,
} from './timeseries/engines.ts';
import { measureLiveStorage } from './timeseries/liveStorage.ts';
import { measureLatencies, printTable, type Latencies, type Row } from './timeseries/measure.ts';
import { openPostgresBaseline, type PostgresBaseline } from './timeseries/postgresBaseline.ts';

const SIZES = {
  small: { assets: 1, longStepMs: 1_800_000, runs: 20, liveDays: 2 },
  default: { assets: 2, longStepMs: 600_000, runs: 40, liveDays: 3 },
  large: { assets: 10, longStepMs: 300_000, runs: 100, liveDays: 7 },
} as const;
const sizeName = z
  .enum(['small', 'default', 'large'])
  .parse(process.argv.find((arg) => arg.startsWith('--size='))?.slice('--size='.length) ?? 'default');
const size = SIZES[sizeName];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAY_START = Date.UTC(2025, 0, 1);
const LONG_START = DAY_START - 730 * DAY;
const METRICS = 20;
const RAW_STEP_MS = 500; // 2 Hz
const BATCH_MS = 10 * 60_000; // an agent batch: ten minutes of every series of the asset set
const LONG_BATCH_MS = 30 * DAY;
const LONG_ASSET = 500;
/** The steady background load: a large fleet reporting every metric every 10 s. */
const FLEET_UNITS = 1000;
const FLEET_METRICS = 200;
const FLEET_PERIOD_MS = 10_000;
const metricIds = Array.from({ length: METRICS }, (_, index) => index + 1);

const daySpecs = seriesSpecs(
  Array.from({ length: size.assets }, (_, index) => index + 1),
  METRICS,
);
const longSpecs = seriesSpecs([LONG_ASSET], METRICS);

function* batches(specs: readonly SeriesSpec[], from: number, to: number, batchMs: number, stepMs: number) {
  for (let start = from; start < to; start += batchMs)
    yield makeBatch(specs, start, Math.min(start + batchMs, to), stepMs);
}

const dayQuery: TimeSeriesQuery = {
  assetIds: [1],
  metrics: metricIds.map((metricId) => ({ metricId, aggregation: 'RAW' })),
  from: DAY_START,
  to: DAY_START + DAY,
  intervalMs: RAW_STEP_MS,
  maxPoints: 1000,
};
/**
 * The 24 h chart as a live view asks for it: its window moves on with the clock (from the moment the store was
 * loaded), so that no two refreshes ask for the same columns and nothing can answer from a result cache.
 */
let liveEpoch = performance.now();
const liveDayQuery = (): TimeSeriesQuery => {
  const shift = Math.floor(performance.now() - liveEpoch);
  return { ...dayQuery, from: dayQuery.from + shift, to: dayQuery.to + shift };
};
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
const longQuery: TimeSeriesQuery = {
  assetIds: [LONG_ASSET],
  metrics: metricIds.map((metricId) => ({ metricId, aggregation: 'AVERAGE' })),
  from: LONG_START,
  to: DAY_START,
  intervalMs: HOUR,
  maxPoints: 1000,
};

interface EngineFigures {
  ingest: number;
  firstAsk: number;
  secondAsk: number;
  points: number;
  dayQuery: Latencies;
  idleQuery: Latencies;
  fleetQuery: Latencies;
  fleetIngest: number;
  concurrentIngest: number;
  longQuery: Latencies;
  bytesPerPoint: number;
  bytesPerPointUncompacted: number;
  usedBytesPerPoint: number | null;
  compactSeconds: number;
}

async function runStore(bench: BenchStore): Promise<EngineFigures> {
  const insert = (columns: Parameters<typeof bench.store.insertColumns>[0]) =>
    bench.store.insertColumns(columns);
  console.log(`${bench.name}: loading 24 h of ${daySpecs.length} series at 2 Hz ...`);
  const load = await timedLoad(insert, batches(daySpecs, DAY_START, DAY_START + DAY, BATCH_MS, RAW_STEP_MS));
  console.log(
    `${bench.name}: loading 24 months of ${longSpecs.length} series at ${size.longStepMs / 60_000} min ...`,
  );
  const long = await timedLoad(
    insert,
    batches(longSpecs, LONG_START, DAY_START, LONG_BATCH_MS, size.longStepMs),
  );
  const bytesLoaded = await bench.diskBytes();
  // The periodic job's work (DuckDB sorts closed days by series; ClickHouse has nothing to do).
  const compactStarted = performance.now();
  await bench.store.compact(DAY_START + 2 * DAY);
  const compactSeconds = (performance.now() - compactStarted) / 1000;
  // Check both answers once, so that a fast but empty answer cannot pass for a figure.
  const [daySeries] = await bench.store.query(dayQuery);
  const [longSeries] = await bench.store.query(longQuery);
  // A chart opened on another unit's day: the first ask is answered by the database; the second (a refresh)
  // loads DuckDB's series cache.
  const otherDay = { ...dayQuery, assetIds: [2] };
  const firstAsk = await timed(() => bench.store.query(otherDay));
  const secondAsk = await timed(() => bench.store.query({ ...otherDay, from: otherDay.from + 1 }));
  liveEpoch = performance.now();
  console.log(
    `${bench.name}: day query ${daySeries?.timestamps.length ?? 0} points, 24-month query ${longSeries?.timestamps.length ?? 0} points per series`,
  );

  const idleLatencies = await measureLatencies(size.runs, () => bench.store.query(liveDayQuery()));
  // Flat out: other assets stream the same day as fast as the store acknowledges (the worst case).
  const writerSpecs = seriesSpecs(
    Array.from({ length: size.assets }, (_, index) => 1001 + index),
    METRICS,
  );
  let writerFrom = DAY_START;
  const writer = backgroundIngest(insert, () => {
    const batch = makeBatch(writerSpecs, writerFrom, writerFrom + BATCH_MS, RAW_STEP_MS);
    writerFrom += BATCH_MS;
    return batch;
  });
  const dayLatencies = await measureLatencies(size.runs, () => bench.store.query(liveDayQuery()));
  const concurrent = await writer.stop();
  const longLatencies = await measureLatencies(size.runs, () => bench.store.query(longQuery));
  const totalPoints = load.points + long.points + concurrent.points;
  await bench.store.compact(DAY_START + 2 * DAY);
  const bytes = await bench.diskBytes();
  const used = await bench.usedBytes();
  // Under a fleet's steady ingest: 1,000 units x 200 metrics every 10 s = 20,000 points/s, sent as one batch per
  // second from a tenth of the units (each unit reports every 10 s), into the same day as the query. Last, after
  // the size figures: 200,000 series of a few points each say nothing about storage at steady state (a series
  // that has reported for an hour has 360 points).
  const fleetSpecs = seriesSpecs(
    Array.from({ length: FLEET_UNITS }, (_, index) => 2001 + index),
    FLEET_METRICS,
  );
  const fleetGroup = FLEET_UNITS / 10;
  let fleetBatch = 0;
  const fleet = backgroundIngest(
    insert,
    () => {
      const group = fleetBatch % 10;
      const ts = DAY_START + Math.floor(fleetBatch / 10) * FLEET_PERIOD_MS + group * 1000;
      fleetBatch += 1;
      const specs = fleetSpecs.slice(
        group * fleetGroup * FLEET_METRICS,
        (group + 1) * fleetGroup * FLEET_METRICS,
      );
      return makeBatch(specs, ts, ts + 1, FLEET_PERIOD_MS);
    },
    1,
  );
  // The charted unit itself reports live: a second of its 20 series at 2 Hz every second, after its day.
  const chartedSpecs = daySpecs.filter((spec) => spec.assetId === 1);
  let liveFrom = DAY_START + DAY;
  const live = backgroundIngest(
    insert,
    () => {
      const batch = makeBatch(chartedSpecs, liveFrom, liveFrom + 1000, RAW_STEP_MS);
      liveFrom += 1000;
      return batch;
    },
    1,
  );
  const fleetLatencies = await measureLatencies(
    size.runs,
    () => bench.store.query(liveDayQuery()),
    (2 * FLEET_PERIOD_MS) / 1000,
  );
  const fleetIngest = await fleet.stop();
  await live.stop();
  return {
    ingest: load.pointsPerSecond,
    firstAsk,
    secondAsk,
    points: totalPoints,
    dayQuery: dayLatencies,
    idleQuery: idleLatencies,
    fleetQuery: fleetLatencies,
    fleetIngest: fleetIngest.pointsPerSecond,
    concurrentIngest: concurrent.pointsPerSecond,
    longQuery: longLatencies,
    bytesPerPoint: bytes / totalPoints,
    usedBytesPerPoint: used === null ? null : used / totalPoints,
    bytesPerPointUncompacted: bytesLoaded / (load.points + long.points),
    compactSeconds,
  };
}

async function runPostgres(baseline: PostgresBaseline) {
  const insert = (columns: Parameters<PostgresBaseline['insert']>[0]) => baseline.insert(columns);
  console.log('PostgreSQL: loading the same data ...');
  const load = await timedLoad(insert, batches(daySpecs, DAY_START, DAY_START + DAY, BATCH_MS, RAW_STEP_MS));
  await timedLoad(insert, batches(longSpecs, LONG_START, DAY_START, LONG_BATCH_MS, size.longStepMs));
  const dayQuery = await measureLatencies(Math.min(size.runs, 10), () =>
    baseline.m4Core(1, metricIds, DAY_START, DAY_START + DAY, 1000),
  );
  const longQuery = await measureLatencies(Math.min(size.runs, 10), () =>
    baseline.bucketAverages(LONG_ASSET, metricIds, LONG_START, DAY_START, HOUR),
  );
  return { ingest: load.pointsPerSecond, dayQuery, longQuery, bytesPerPoint: await baseline.bytesPerPoint() };
}

const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-bench-'));
const started = performance.now();
try {
  const duck = await openDuckDbBench(directory);
  const duckFigures = await runStore(duck).finally(() => duck.dispose());
  console.log(
    `DuckDB: ${size.liveDays} days of ${daySpecs.length} series at 2 Hz, compacted as the hourly job would ...`,
  );
  const live = await measureLiveStorage(directory, daySpecs, DAY_START, size.liveDays, RAW_STEP_MS);
  const clickhouse = await openClickHouseBench(process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123');
  const chFigures = clickhouse ? await runStore(clickhouse).finally(() => clickhouse.dispose()) : null;
  if (!clickhouse) console.log('ClickHouse: not reachable, skipped');
  const baseline = await openPostgresBaseline(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
  const pgFigures = await runPostgres(baseline).finally(() => baseline.drop());

  /** p50 and p99 of the 24 h M4 query in one load condition; the targets apply under the fleet's ingest. */
  const dayRows = (
    condition: string,
    pick: (figures: EngineFigures) => Latencies,
    postgres: Latencies | null,
    targeted: boolean,
  ): Row[] =>
    (['p50', 'p99'] as const).map((percentile) => ({
      figure: `24 h x 20 metrics 2 Hz, M4 1000 px, ${percentile}, ${condition}`,
      unit: 'ms',
      target: targeted ? (percentile === 'p50' ? '<= 40' : '<= 150') : '',
      duckdb: pick(duckFigures)[percentile],
      postgres: postgres?.[percentile] ?? null,
      clickhouse: chFigures ? pick(chFigures)[percentile] : null,
      higherIsBetter: false,
    }));
  const rows: Row[] = [
    {
      figure: 'sustained ingest',
      unit: 'points/s',
      target: '>= 1,000,000',
      duckdb: duckFigures.ingest,
      postgres: pgFigures.ingest,
      clickhouse: chFigures?.ingest ?? null,
      higherIsBetter: true,
    },
    {
      figure: '24 h x 20 metrics 2 Hz, M4 1000 px, first ask (database)',
      unit: 'ms',
      target: '',
      duckdb: duckFigures.firstAsk,
      postgres: null,
      clickhouse: chFigures?.firstAsk ?? null,
      higherIsBetter: false,
    },
    {
      figure: '  second ask (DuckDB loads its series cache)',
      unit: 'ms',
      target: '',
      duckdb: duckFigures.secondAsk,
      postgres: null,
      clickhouse: chFigures?.secondAsk ?? null,
      higherIsBetter: false,
    },
    ...dayRows('idle', (figures) => figures.idleQuery, pgFigures.dayQuery, false),
    ...dayRows('during fleet ingest', (figures) => figures.fleetQuery, null, true),
    {
      figure: '  fleet ingest achieved (asked: 20,000)',
      unit: 'points/s',
      target: '',
      duckdb: duckFigures.fleetIngest,
      postgres: null,
      clickhouse: chFigures?.fleetIngest ?? null,
      higherIsBetter: true,
    },
    ...dayRows('during flat-out ingest', (figures) => figures.dayQuery, null, false),
    {
      figure: '  flat-out ingest achieved',
      unit: 'points/s',
      target: '',
      duckdb: duckFigures.concurrentIngest,
      postgres: null,
      clickhouse: chFigures?.concurrentIngest ?? null,
      higherIsBetter: true,
    },
    {
      figure: '24 months x 20 metrics, 1 h AVERAGE, M4 1000 px, p50',
      unit: 'ms',
      target: '',
      duckdb: duckFigures.longQuery.p50,
      postgres: pgFigures.longQuery.p50,
      clickhouse: chFigures?.longQuery.p50 ?? null,
      higherIsBetter: false,
    },
    {
      figure: '24 months x 20 metrics, 1 h AVERAGE, M4 1000 px, p99',
      unit: 'ms',
      target: '<= 150',
      duckdb: duckFigures.longQuery.p99,
      postgres: pgFigures.longQuery.p99,
      clickhouse: chFigures?.longQuery.p99 ?? null,
      higherIsBetter: false,
    },
    {
      figure: 'bytes per point as ingested (incl. rollups)',
      unit: 'bytes',
      target: '',
      duckdb: duckFigures.bytesPerPointUncompacted,
      postgres: pgFigures.bytesPerPoint,
      clickhouse: chFigures?.bytesPerPointUncompacted ?? null,
      higherIsBetter: false,
    },
    {
      figure: 'bytes per point on disk after bulk load + compaction',
      unit: 'bytes',
      target: '',
      duckdb: duckFigures.bytesPerPoint,
      postgres: pgFigures.bytesPerPoint,
      clickhouse: chFigures?.bytesPerPoint ?? null,
      higherIsBetter: false,
    },
    {
      figure: '  in use (excl. blocks freed by compaction)',
      unit: 'bytes',
      target: '<= 2',
      duckdb: duckFigures.usedBytesPerPoint,
      postgres: pgFigures.bytesPerPoint,
      clickhouse: chFigures?.bytesPerPoint ?? null,
      higherIsBetter: false,
    },
    {
      figure: `bytes per point on disk, live for ${size.liveDays} days (hourly job)`,
      unit: 'bytes',
      target: '<= 2',
      duckdb: live.bytesPerPoint,
      postgres: pgFigures.bytesPerPoint,
      clickhouse: null,
      higherIsBetter: false,
    },
    {
      figure: '  in use',
      unit: 'bytes',
      target: '<= 2',
      duckdb: live.usedBytesPerPoint,
      postgres: pgFigures.bytesPerPoint,
      clickhouse: null,
      higherIsBetter: false,
    },
    {
      figure: 'compaction of the loaded data',
      unit: 's',
      target: '',
      duckdb: duckFigures.compactSeconds,
      postgres: null,
      clickhouse: chFigures?.compactSeconds ?? null,
      higherIsBetter: false,
    },
  ];
  console.log(
    `\nsize ${sizeName}: ${daySpecs.length} series x 24 h at 2 Hz + ${longSpecs.length} series x 24 months; ${duckFigures.points.toLocaleString('en-US')} points in DuckDB when its size was measured (before the fleet phase)\n`,
  );
  printTable(rows);
  console.log(`\nThe 24 h query is a live chart: its window moves on with the clock, and during the fleet phase the charted unit
    reports 2 points per series each second. It runs ${size.runs} times per condition (under the fleet for at least 20 s: ${duckFigures.fleetQuery.runs} runs on DuckDB): idle; while a fleet of ${FLEET_UNITS} units x ${FLEET_METRICS} metrics
    reports every ${FLEET_PERIOD_MS / 1000} s (20,000 points/s in 1 batch per second, paced); and while other assets
    ingest flat out (each batch sent on the previous acknowledgement). PostgreSQL is measured idle only, running
    only M4's aggregate core (min/max of ts and value per column) over its btree, which favours the baseline. PostgreSQL answers the
    24-month query from raw rows (no rollups). The live size is a separate DuckDB store fed ${size.liveDays} days of the
    ${daySpecs.length} series an hour at a time (${live.points.toLocaleString('en-US')} points), compacted after each hour as the job would. Total ${((performance.now() - started) / 1000).toFixed(0)} s.`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
