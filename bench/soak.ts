/**
 * Soak (issue 9, item 3): a 1,000-unit fleet's ingest with chart queries and 50 live subscribers against the real
 * server in a child process (`src/main.ts` on PGlite and DuckDB files), for a set time. Prints the server's
 * resident memory over time against its budget (KELVIN_MEMORY_MB), errors, and acknowledgement latency. Figures,
 * not pass/fail; it exits non-zero only when the server dies.
 *
 *   npx tsx bench/soak.ts
 *
 * Environment: SOAK_MINUTES (10), SOAK_UNITS (1000), SOAK_METRICS_PER_UNIT (200), SOAK_INTERVAL_MS (10000, each
 * unit's metrics once per interval), SOAK_SAMPLE_SECONDS (30), KELVIN_MEMORY_MB (2048, passed to the server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverProcessEnv, startServerProcess } from '../apps/server/src/testing/serverProcess.ts';
import { freePort } from '../apps/server/src/testing/testServer.ts';
import { seedSoakFleet } from './soak/soakFleet.ts';
import { emptyCounters, startSoakLoad, type SoakCounters } from './soak/soakLoad.ts';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MINUTES = numberEnv('SOAK_MINUTES', 10);
const UNITS = numberEnv('SOAK_UNITS', 1000);
const METRICS = numberEnv('SOAK_METRICS_PER_UNIT', 200);
const INTERVAL_MS = numberEnv('SOAK_INTERVAL_MS', 10_000);
const SAMPLE_MS = numberEnv('SOAK_SAMPLE_SECONDS', 30) * 1000;
const MEMORY_MB = numberEnv('KELVIN_MEMORY_MB', 2048);

/** Resident and peak resident memory of a process, in MB, from /proc. */
function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-soak-'));
  const port = await freePort();
  console.log(
    `soak: ${UNITS} units × ${METRICS} metrics every ${INTERVAL_MS / 1000} s (${fixed((UNITS * METRICS * 1000) / INTERVAL_MS)} points/s), ` +
      `charts, 50 live subscribers, ${MINUTES} min, KELVIN_MEMORY_MB=${MEMORY_MB}`,
  );
  const fleet = await seedSoakFleet(dataDir, port, {
    units: UNITS,
    metricsPerUnit: METRICS,
    tokenMinutes: MINUTES + 30,
  });
  const server = await startServerProcess({
    ...serverProcessEnv(port, dataDir),
    KELVIN_MEMORY_MB: String(MEMORY_MB),
  });
  const idle = residentMb(server.pid);
  console.log(
    `server ready: ${fixed(idle.rss)} MB resident before load; ${fleet.aliases.length} metrics per unit\n`,
  );
  const load = await startSoakLoad(server.url, fleet, INTERVAL_MS);

  const samples: { minute: number; rss: number }[] = [];
  const allAcks: number[] = [];
  const totals = { points: 0, ingestErrors: 0, charts: 0, chartErrors: 0, live: 0, liveErrors: 0 };
  const header = [
    'min',
    'RSS MB',
    'peak MB',
    'points/s',
    'ack p50 ms',
    'ack p99 ms',
    'charts',
    'live updates',
    'errors',
  ];
  console.log(header.map((cell) => cell.padStart(11)).join(''));
  const started = Date.now();
  let crashed = false;
  while (Date.now() - started < MINUTES * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    let memory: { rss: number; peak: number };
    try {
      memory = residentMb(server.pid);
    } catch {
      crashed = true;
      console.log(`the server exited:\n${server.output().slice(-3000)}`);
      break;
    }
    const counters: SoakCounters = {
      ...load.counters,
      ackMs: [...load.counters.ackMs].sort((a, b) => a - b),
    };
    Object.assign(load.counters, emptyCounters());
    const minute = (Date.now() - started) / 60_000;
    samples.push({ minute, rss: memory.rss });
    allAcks.push(...counters.ackMs);
    totals.points += counters.pointsAcked;
    totals.ingestErrors += counters.ingestErrors;
    totals.charts += counters.chartQueries;
    totals.chartErrors += counters.chartErrors;
    totals.live += counters.liveUpdates;
    totals.liveErrors += counters.liveErrors;
    const errors = counters.ingestErrors + counters.chartErrors + counters.liveErrors;
    const row = [
      fixed(minute, 1),
      fixed(memory.rss),
      fixed(memory.peak),
      fixed(counters.pointsAcked / (SAMPLE_MS / 1000)),
      fixed(percentile(counters.ackMs, 0.5), 1),
      fixed(percentile(counters.ackMs, 0.99), 1),
      String(counters.chartQueries),
      String(counters.liveUpdates),
      String(errors),
    ];
    console.log(row.map((cell) => cell.padStart(11)).join(''));
  }
  await load.stop();
  const peak = crashed ? NaN : residentMb(server.pid).peak;
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });

  // Flat means the second half holds no more than the first: compare the mean of each half's samples.
  const half = Math.floor(samples.length / 2);
  const mean = (values: readonly { rss: number }[]) =>
    values.reduce((sum, one) => sum + one.rss, 0) / values.length;
  const early = mean(samples.slice(0, Math.max(1, half)));
  const late = mean(samples.slice(half));
  allAcks.sort((a, b) => a - b);
  console.log(
    `\nresident memory: ${fixed(idle.rss)} MB idle, ${fixed(early)} MB mean of the first half, ${fixed(late)} MB of the second ` +
      `(ratio ${fixed(late / early, 2)}), peak ${fixed(peak)} MB = ${fixed(peak / MEMORY_MB, 2)} of the ${MEMORY_MB} MB budget`,
  );
  console.log(
    `acknowledged ${totals.points} points (${fixed(totals.points / (MINUTES * 60))}/s), ack p50 ${fixed(percentile(allAcks, 0.5), 1)} ms, ` +
      `p99 ${fixed(percentile(allAcks, 0.99), 1)} ms, max ${fixed(allAcks.at(-1) ?? NaN, 1)} ms; ${totals.charts} chart queries; ` +
      `${totals.live} live updates; errors: ingest ${totals.ingestErrors}, charts ${totals.chartErrors}, live ${totals.liveErrors}`,
  );
  if (load.errors.length > 0) console.log(`first errors: ${load.errors.join('; ')}`);
  if (crashed) process.exitCode = 1;
}

await main();
