/**
 * Load and faults on the cluster (issue 26, items 5 and 6): two server processes behind HAProxy on PostgreSQL,
 * Redis and ClickHouse (`startTestCluster`, as `npm run start:cluster` starts them), 1,000 simulated agents (one
 * batch of their unit's metrics every 10 s each, sent again on a server failure with the same batch id), 200 live
 * viewers (socket.io, one unit's metrics each, reconnecting by themselves) and chart queries, all in a process of
 * their own (clusterLoad/loadProcess.ts), plus Chromium pages on a probe unit's live view for sensor to pixel.
 * Every minute it prints the acknowledgement latency, sensor → socket (each update's age on arrival at a viewer),
 * sensor → pixel (probe values through the pages), chart latency, the processes' memory and every error. Midway
 * it kills one process (SIGKILL): its viewers must reconnect to the other within 5 s, and at the end every
 * acknowledged point must be in ClickHouse. Figures, not pass/fail: the machine is shared.
 *
 *   npm run build && npx tsx bench/clusterLoad.ts
 *
 * Environment: LOAD_MINUTES (30), LOAD_AGENTS (1000), LOAD_METRICS (20 per unit), LOAD_INTERVAL_MS (10000),
 * LOAD_VIEWERS (200), LOAD_PAGES (2), LOAD_CHART_WORKERS (2), LOAD_KILL_MINUTE (half the run; 0 = no kill),
 * LOAD_SAMPLE_SECONDS (60), LOAD_WEB_DIST (apps/web/dist), CLICKHOUSE_URL (this machine's).
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@clickhouse/client';
import { repoRoot } from '../apps/server/src/config.ts';
import { clusterServicesAvailable, startTestCluster } from '../apps/server/src/cluster/clusterTestKit.ts';
import { CLICKHOUSE_TEST_URL, clickHouseAvailable } from '../apps/server/src/testing/testServices.ts';
import { closeAll, launchBenchBrowser, type BenchBrowser } from './benchBrowser.ts';
import { writeLoadFleet, type LoadFleet } from './clusterLoad/loadFleet.ts';
import type { LoadJob } from './clusterLoad/loadProcess.ts';
import { loadMessageSchema, p50p99, type LoadSample } from './clusterLoad/loadSample.ts';
import { openPixelProbe, type PixelProbe } from './clusterLoad/pixelProbe.ts';
import { checkAcknowledged, tableSizes } from './clusterLoad/acknowledgedCheck.ts';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
const MINUTES = numberEnv('LOAD_MINUTES', 30);
const AGENTS = numberEnv('LOAD_AGENTS', 1000);
const METRICS = numberEnv('LOAD_METRICS', 20);
const INTERVAL_MS = numberEnv('LOAD_INTERVAL_MS', 10_000);
const VIEWERS = numberEnv('LOAD_VIEWERS', 200);
const PAGES = numberEnv('LOAD_PAGES', 2);
const CHART_WORKERS = numberEnv('LOAD_CHART_WORKERS', 2);
const KILL_MINUTE = numberEnv('LOAD_KILL_MINUTE', Math.floor(MINUTES / 2));
const SAMPLE_MS = numberEnv('LOAD_SAMPLE_SECONDS', 60) * 1000;
const PROBE_MS = 5000;
const WEB_DIST = process.env.LOAD_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB, from /proc; NaN once it is gone. */
function residentMb(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The load in its own process; resolves once its viewers are subscribed and its agents run. */
async function forkLoad(job: LoadJob) {
  const child = fork(fileURLToPath(new URL('./clusterLoad/loadProcess.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOAD_JOB: JSON.stringify(job) },
  });
  const next = () =>
    new Promise<ReturnType<typeof loadMessageSchema.parse>>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the load process exited with ${String(code)}`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(loadMessageSchema.parse(message));
      });
    });
  if ((await next()) !== 'ready') throw new Error('the load process did not get ready');
  return {
    async sample(): Promise<LoadSample> {
      const answer = next();
      child.send('sample');
      const message = await answer;
      if (typeof message === 'string' || message.type !== 'sample') throw new Error('expected a sample');
      return message.sample;
    },
    async stop(): Promise<Record<string, number[]>> {
      const answer = next();
      child.send('stop');
      const message = await answer;
      if (typeof message === 'string' || message.type !== 'acked')
        throw new Error('expected the acked batches');
      return message.acked;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  if (!(await clusterServicesAvailable()) || !(await clickHouseAvailable()))
    throw new Error('The load test needs HAProxy, PostgreSQL, Redis and ClickHouse');
  const database = `kelvin_load_${process.pid}`;
  let fleet: LoadFleet | undefined;
  const test = await startTestCluster(
    {
      CLICKHOUSE_URL: CLICKHOUSE_TEST_URL,
      CLICKHOUSE_DATABASE: database,
      KELVIN_WEB_DIST: WEB_DIST,
    },
    async (db, telemetry) => {
      fleet = await writeLoadFleet(db, telemetry, { units: AGENTS, metricsPerUnit: METRICS });
    },
  );
  // Long: dropping a database ClickHouse is still merging parts of waits for the merges.
  const clickhouse = createClient({ url: CLICKHOUSE_TEST_URL, request_timeout: 300_000 });
  let bench: BenchBrowser | undefined;
  let probe: PixelProbe | undefined;
  let load: Awaited<ReturnType<typeof forkLoad>> | undefined;
  const lines: string[] = [];
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    if (!fleet) throw new Error('The fleet was not written');
    const { url, servers } = test.cluster;
    const token = await test.idToken({ identityId: fleet.viewerIdentityId }, `${MINUTES + 60}m`);
    print(
      `cluster load: ${servers.length} processes behind HAProxy on PostgreSQL, Redis and ClickHouse; ${AGENTS} agents × ` +
        `${fleet.aliases.length} metrics every ${INTERVAL_MS / 1000} s (${fixed((AGENTS * fleet.aliases.length * 1000) / INTERVAL_MS)} points/s), ` +
        `${VIEWERS} live viewers, ${PAGES} Chromium pages, ${CHART_WORKERS} chart workers, ${MINUTES} min` +
        (KILL_MINUTE > 0 ? `, ${servers[1]?.name ?? 'p2'} killed at minute ${KILL_MINUTE}` : ''),
    );
    bench = await launchBenchBrowser();
    const pixels = await openPixelProbe(bench.browser, {
      // The cluster's public origin (its sign-in's issuer), not 127.0.0.1: a browser signs in where it is sent back.
      url: url.replace('127.0.0.1', 'localhost'),
      email: fleet.viewerEmail,
      agentKey: fleet.agentKey,
      probeUnitId: fleet.probeUnitId,
      aliases: fleet.aliases,
      pages: PAGES,
    });
    probe = pixels;
    load = await forkLoad({
      url,
      agentKey: fleet.agentKey,
      token,
      unitIds: fleet.unitIds,
      aliases: fleet.aliases,
      metricIds: fleet.metricIds,
      intervalMs: INTERVAL_MS,
      viewers: VIEWERS,
      chartWorkers: CHART_WORKERS,
    });
    const startedAt = Date.now();
    print(
      '\n| minute | points/s acked | ack p50 / p99 ms | sensor→socket p50 / p99 ms | sensor→pixel p50 / p99 ms (missed) | charts, p50 ms | RSS MB ' +
        servers.map((server) => server.name).join(' / ') +
        ' | sent again: batches / charts | errors ingest / chart / live | disconnects, reconnect max ms |',
    );
    print('|---|---|---|---|---|---|---|---|---|---|');
    const all: Record<'ack' | 'socket' | 'pixel' | 'reconnect', number[]> = {
      ack: [],
      socket: [],
      pixel: [],
      reconnect: [],
    };
    const totals = {
      points: 0,
      retries: 0,
      chartRetries: 0,
      ingestErrors: 0,
      chartErrors: 0,
      liveErrors: 0,
      missed: 0,
    };
    const notes = new Map<string, number>();
    let killedAt: number | undefined;
    const probeLoop = (async () => {
      while (Date.now() < startedAt + MINUTES * 60_000) {
        await pixels.send().catch((error: unknown) => notes.set(`probe: ${String(error)}`, 1));
        await sleep(PROBE_MS);
      }
    })();
    for (let sampleNo = 1; Date.now() < startedAt + MINUTES * 60_000; sampleNo++) {
      const endOfSample = startedAt + sampleNo * SAMPLE_MS;
      if (KILL_MINUTE > 0 && killedAt === undefined && endOfSample > startedAt + KILL_MINUTE * 60_000) {
        await sleep(startedAt + KILL_MINUTE * 60_000 - Date.now());
        killedAt = Date.now();
        await servers[1]?.stop('SIGKILL');
        print(
          `| ${fixed((killedAt - startedAt) / 60_000, 1)} | ${servers[1]?.name ?? 'p2'} killed (SIGKILL) | | | | | | | | |`,
        );
      }
      await sleep(Math.max(0, endOfSample - Date.now()));
      const sample = await load.sample();
      const drawn = await pixels.take();
      const [ack50, ack99] = p50p99(sample.ackMs);
      const [socket50, socket99] = p50p99(sample.sensorToSocketMs);
      const [pixel50, pixel99] = p50p99(drawn.pixelMs);
      const [chart50] = p50p99(sample.chartMs);
      all.ack.push(...sample.ackMs);
      all.socket.push(...sample.sensorToSocketMs);
      all.pixel.push(...drawn.pixelMs);
      all.reconnect.push(...sample.reconnectMs);
      totals.points += sample.pointsAcked;
      totals.retries += sample.ingestRetries;
      totals.chartRetries += sample.chartRetries;
      totals.ingestErrors += sample.ingestErrors;
      totals.chartErrors += sample.chartErrors;
      totals.liveErrors += sample.liveErrors;
      totals.missed += drawn.missed;
      for (const note of sample.notes) notes.set(note, (notes.get(note) ?? 0) + 1);
      print(
        `| ${fixed((sampleNo * SAMPLE_MS) / 60_000, 1)} | ${fixed(sample.pointsAcked / (SAMPLE_MS / 1000))} | ${fixed(ack50)} / ${fixed(ack99)} | ` +
          `${fixed(socket50)} / ${fixed(socket99)} | ${fixed(pixel50)} / ${fixed(pixel99)} (${drawn.missed}) | ` +
          `${sample.chartMs.length}, ${fixed(chart50)} | ${servers.map((server) => fixed(residentMb(server.pid))).join(' / ')} | ` +
          `${sample.ingestRetries} / ${sample.chartRetries} | ${sample.ingestErrors} / ${sample.chartErrors} / ${sample.liveErrors} | ` +
          `${sample.liveDisconnects}, ${fixed(Math.max(0, ...sample.reconnectMs))} |`,
      );
    }
    await probeLoop;
    const acked = await load.stop();
    load = undefined;
    // What the last batches left in flight reaches the table a moment later.
    await sleep(3000);
    const check = await checkAcknowledged(clickhouse, database, acked, fleet);
    const [ack50, ack99] = p50p99(all.ack);
    const [socket50, socket99] = p50p99(all.socket);
    const [pixel50, pixel99] = p50p99(all.pixel);
    const [, reconnect99] = p50p99(all.reconnect);
    print(
      `\nwhole run: ${totals.points.toLocaleString('en-US')} points acknowledged; ack p50 ${fixed(ack50)} ms, p99 ${fixed(ack99)} ms; ` +
        `sensor→socket p50 ${fixed(socket50)} ms, p99 ${fixed(socket99)} ms; sensor→pixel p50 ${fixed(pixel50)} ms, p99 ${fixed(pixel99)} ms ` +
        `(${all.pixel.length} drawn, ${totals.missed} missed); goals: sensor→pixel p50 ≤ 250 ms, p99 ≤ 1,000 ms`,
    );
    print(
      `errors: ingest ${totals.ingestErrors} (batches never acknowledged), charts ${totals.chartErrors}, live ${totals.liveErrors}; ` +
        `batches sent again after a server failure: ${totals.retries}; charts asked again: ${totals.chartRetries}`,
    );
    if (killedAt !== undefined)
      print(
        `kill: ${all.reconnect.length} viewers lost their connection and were subscribed again after at most ` +
          `${fixed(Math.max(0, ...all.reconnect))} ms (p99 ${fixed(reconnect99)} ms; goal ≤ 5,000 ms)`,
      );
    print(
      `acknowledged points in ClickHouse: ${check.found.toLocaleString('en-US')} of ${check.expected.toLocaleString('en-US')} ` +
        `(${check.missing.length === 0 ? 'none lost' : `LOST: ${check.missing.slice(0, 5).join(', ')}`})`,
    );
    for (const size of await tableSizes(clickhouse, database))
      if (size.rows > 0)
        print(
          `ClickHouse ${size.table}: ${size.rows.toLocaleString('en-US')} rows, ${fixed(size.bytes / 1_048_576, 1)} MiB on disk, ` +
            `${fixed(size.bytes / size.rows, 2)} bytes a row`,
        );
    // What the processes logged as errors (LOG_LEVEL=warn): why a batch was answered 500, say.
    const serverErrors = new Map<string, number>();
    for (const server of servers)
      for (const line of server.output().split('\n'))
        if (/"level":(50|60)/.test(line)) {
          // The error's own message when the line carries one ("request failed" alone says little).
          const cause = /"err":\{.*?"message":"([^"]*)"/.exec(line)?.[1];
          const message = cause ?? /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200);
          const key = `${server.name}: ${message}`;
          serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
        }
    if (serverErrors.size > 0)
      print(
        `server errors: ${[...serverErrors]
          .slice(0, 10)
          .map(([message, count]) => `${message} ×${count}`)
          .join('; ')}`,
      );
    if (notes.size > 0)
      print(
        `notes: ${[...notes]
          .slice(0, 12)
          .map(([note, count]) => `${note} ×${count}`)
          .join('; ')}`,
      );
  } finally {
    load?.kill();
    await closeAll([
      async () => probe?.close(),
      async () => bench?.close(),
      () => test.close(),
      () => clickhouse.command({ query: `DROP DATABASE IF EXISTS ${database}` }),
      () => clickhouse.close(),
    ]);
  }
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-cluster-load.txt'), `${lines.join('\n')}\n`);
}

await main();
