/**
 * Ingest end to end (issue 26, item 5): 100 agents at once posting gzip batches to `telemetry.ingest`
 * (authenticated, validated, durable before the answer), and the same batches published over MQTT (QoS 1, the
 * server's reply awaited), to the real server (`src/main.ts`) in a child process of its own on the embedded stores
 * (PGlite, DuckDB), so that the load is generated outside the server's event loop. Baseline, in the same run: the
 * same points in the same batches inserted straight into a store in this process, one batch at a time and as many
 * at once as there are agents (the ratios' baseline: what the API could reach if it cost nothing). Figures, not
 * pass/fail: the machine is shared.
 *
 *   npx tsx bench/ingestEndToEnd.ts
 *
 * Each path runs twice: with a point object per point (`points`) and with series in columns (`series`).
 *
 * INGEST_AGENTS (100), INGEST_ROUNDS (3 batches per agent), INGEST_POINTS (5,000 per batch), MQTT_BENCH_URL
 * (mqtt://127.0.0.1:1883; INGEST_MQTT=0 skips MQTT), INGEST_PROFILE=1 (a CPU profile of the server during the HTTP
 * runs, its self time by layer: body parse, validation, catalogue look-up, append), INGEST_STORE=clickhouse (the
 * server and the baseline on ClickHouse instead of DuckDB), INGEST_FORMATS (points,series: either or both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { createClient } from '@clickhouse/client';
import { openClickHouseStore } from '../apps/server/src/platform/timeseries/clickhouse/clickHouseStore.ts';
import { openDuckDbStore } from '../apps/server/src/platform/timeseries/duckdb/duckDbStore.ts';
import { CLICKHOUSE_TEST_URL } from '../apps/server/src/testing/testServices.ts';
import type { PointColumns } from '../apps/server/src/platform/timeseries/timeSeriesStore.ts';
import { serverProcessEnv, startServerProcess } from '../apps/server/src/testing/serverProcess.ts';
import { freePort } from '../apps/server/src/testing/testServer.ts';
import { prepareBatches, seedIngestFleet, type BatchFormat } from './ingestEndToEnd/ingestFleet.ts';
import { profileByLayer, profileClockNow } from './ingestEndToEnd/profileLayers.ts';
import { withCpu } from './ingestEndToEnd/cpuTime.ts';
import { sendOverHttp, sendOverMqtt, summary, type SendRun } from './ingestEndToEnd/senders.ts';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const AGENTS = numberEnv('INGEST_AGENTS', 100);
const ROUNDS = numberEnv('INGEST_ROUNDS', 3);
const POINTS = numberEnv('INGEST_POINTS', 5000);
const MQTT_URL = process.env.MQTT_BENCH_URL ?? 'mqtt://127.0.0.1:1883';
const WITH_MQTT = process.env.INGEST_MQTT !== '0';
const PROFILE = process.env.INGEST_PROFILE === '1';
/** INGEST_STORE=clickhouse: the server and the baseline on ClickHouse (CLICKHOUSE_URL, else this machine's). */
const CLICKHOUSE = process.env.INGEST_STORE === 'clickhouse';
const FORMATS = (process.env.INGEST_FORMATS ?? 'points,series')
  .split(',')
  .filter((format): format is BatchFormat => format === 'points' || format === 'series');
const UNITS_PER_AGENT = 10;
const METRICS = 50;

/** One agent's batch of one round, shaped as prepareBatches shapes the API's: 10 units × 50 metrics × 10 s. */
function storeBatch(agent: number, round: number, base: number): PointColumns {
  const columns: PointColumns = {
    assetIds: new Int32Array(POINTS),
    metricIds: new Int32Array(POINTS),
    timestamps: new Float64Array(POINTS),
    values: new Float64Array(POINTS),
    statuses: new Int32Array(POINTS).fill(1),
  };
  for (let j = 0; j < POINTS; j++) {
    columns.assetIds[j] = 1 + (j % UNITS_PER_AGENT) + agent * UNITS_PER_AGENT;
    columns.metricIds[j] = 1 + (Math.floor(j / UNITS_PER_AGENT) % METRICS);
    columns.timestamps[j] =
      base + (round * 1000 + Math.floor(j / (UNITS_PER_AGENT * METRICS))) * 1000 + agent;
    columns.values[j] = (j % 1000) / 10;
  }
  return columns;
}

/**
 * The store's own ingest of the same points in the same batches with batch ids: `writers` at once, each writing
 * its batches one after another (1: one batch at a time; AGENTS: as many at once as the agents send).
 */
async function storeBaseline(writers: number): Promise<SendRun> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kelvin-ingest-store-'));
  const clickhouse = CLICKHOUSE
    ? await openClickHouseStore({ url: CLICKHOUSE_TEST_URL, database: `kelvin_ingest_store_${process.pid}` })
    : undefined;
  const store = clickhouse ?? (await openDuckDbStore({ directory }));
  const run: SendRun = { points: 0, seconds: 0, latencies: [], errors: 0 };
  const base = Date.now() - 3_600_000;
  const rounds = Math.ceil((AGENTS * ROUNDS) / writers);
  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let round = 0; round < rounds; round++) {
          const agent = (writer + round * writers) % AGENTS;
          const batch = storeBatch(agent, round, base);
          const sentAt = performance.now();
          await store.insertColumns(batch, { batchId: `store-${String(writer)}-${String(round)}` });
          run.latencies.push(performance.now() - sentAt);
          run.points += POINTS;
        }
      }),
    );
    run.seconds = (performance.now() - started) / 1000;
  } finally {
    await clickhouse?.dropDatabase();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return run;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-ingest-bench-'));
  const profileDir = path.join(dataDir, 'profile');
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  const { agents, metricIds } = await seedIngestFleet(database.db, {
    agents: AGENTS,
    unitsPerAgent: UNITS_PER_AGENT,
    metrics: METRICS,
  });
  await database.close();
  const topicPrefix = `kelvin-bench-${String(process.pid)}`;
  const port = await freePort();
  const server = await startServerProcess(
    {
      ...serverProcessEnv(port, dataDir),
      MQTT_URL,
      MQTT_TOPIC_PREFIX: topicPrefix,
      MQTT_SHARE_GROUP: topicPrefix,
      ...(CLICKHOUSE
        ? { CLICKHOUSE_URL: CLICKHOUSE_TEST_URL, CLICKHOUSE_DATABASE: `kelvin_ingest_${process.pid}` }
        : {}),
    },
    { readyTimeoutMs: 120_000, nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
  );
  const base = Date.now() - 2 * 3_600_000;
  const total = AGENTS * ROUNDS * POINTS;
  console.log(
    `${String(AGENTS)} agents × ${String(ROUNDS)} batches × ${String(POINTS)} points = ${total.toLocaleString('en')} points a run`,
  );
  /** Each run with the CPU it cost: the server's (every thread, DuckDB's included) and this process's. */
  const runs: { name: string; run: SendRun; serverCpu: number; ownCpu: number }[] = [];
  const measured = async (name: string, work: () => Promise<SendRun>, serverPid?: number) => {
    const { result, serverCpu, ownCpu } = await withCpu(work, { server: serverPid });
    runs.push({ name, run: result, serverCpu, ownCpu });
  };
  const httpWindows: { format: BatchFormat; from: number; to: number }[] = [];
  try {
    // Warm-up (not counted): every agent's key and the catalogue looked up once, DuckDB's tables touched.
    await sendOverHttp(
      server.url,
      prepareBatches(agents, metricIds, { rounds: 1, pointsPerBatch: 100, base, tag: 'warm' }),
    );
    for (const [offset, format] of FORMATS.entries()) {
      const http = prepareBatches(agents, metricIds, {
        rounds: ROUNDS,
        pointsPerBatch: POINTS,
        base: base + 1 + offset * 400,
        tag: `http-${format}`,
        format,
      });
      const window = { format, from: profileClockNow(), to: 0 };
      await measured(`HTTP telemetry.ingest, ${format}`, () => sendOverHttp(server.url, http), server.pid);
      httpWindows.push({ ...window, to: profileClockNow() });
    }
    for (const [offset, format] of (WITH_MQTT ? FORMATS : []).entries()) {
      const mqtt = prepareBatches(agents, metricIds, {
        rounds: ROUNDS,
        pointsPerBatch: POINTS,
        base: base + 200 + offset * 400,
        tag: `mqtt-${format}`,
        format,
      });
      await measured(
        `MQTT (QoS 1, reply awaited), ${format}`,
        () => sendOverMqtt(MQTT_URL, topicPrefix, mqtt),
        server.pid,
      );
    }
  } finally {
    await server.stop('SIGTERM');
    if (CLICKHOUSE) {
      const admin = createClient({ url: CLICKHOUSE_TEST_URL, request_timeout: 300_000 });
      await admin.command({ query: `DROP DATABASE IF EXISTS kelvin_ingest_${process.pid}` });
      await admin.close();
    }
  }
  const engine = CLICKHOUSE ? 'ClickHouse' : 'DuckDB';
  await measured(`${engine} store alone, one batch at a time (this process)`, () => storeBaseline(1));
  // The baseline of the ratios: the store with as many batches at once as the agents send, the API's ceiling.
  await measured(`${engine} store alone, ${String(AGENTS)} batches at once (this process)`, () =>
    storeBaseline(AGENTS),
  );
  const store = summary(runs[runs.length - 1]?.run ?? { points: 0, seconds: 1, latencies: [], errors: 0 });
  // CPU a point: what decides how many points a second a machine of N cores can take at most (N / cost).
  const perPoint = (seconds: number, points: number) =>
    points > 0 ? `${((seconds * 1e6) / points).toFixed(2)} µs` : '-';
  const lines = [
    '| path | points/s | × store | batch ack p50 | p99 | errors | CPU a point: server (store for the store) | senders |',
    '|---|---|---|---|---|---|---|---|',
    ...runs.map(({ name, run, serverCpu, ownCpu }) => {
      const figures = summary(run);
      const storeRun = name.includes('store alone');
      const server = perPoint(storeRun ? ownCpu : serverCpu, run.points);
      const senders = storeRun ? '-' : perPoint(ownCpu, run.points);
      return `| ${name} | ${Math.round(figures.pointsPerSecond).toLocaleString('en')} | ${(figures.pointsPerSecond / store.pointsPerSecond).toFixed(2)} | ${figures.p50.toFixed(0)} ms | ${figures.p99.toFixed(0)} ms | ${String(run.errors)} | ${server} | ${senders} |`;
    }),
  ];
  console.log(lines.join('\n'));
  for (const window of PROFILE ? httpWindows : []) {
    console.log(
      `\nServer CPU during the HTTP run of ${window.format}, self time by layer:\n${profileByLayer(profileDir, window)}`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
