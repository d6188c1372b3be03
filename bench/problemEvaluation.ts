/**
 * Problem evaluation's speed (issue 12, item 10), in one run against the server in this process with the demo
 * seeded and 1,000 more units ingesting through the HTTP API (the soak's load: agents every 10 s, chart queries,
 * 50 live subscribers):
 *
 * 1. One evaluation cycle of 10 rules × 1,000 units = 10,000 rule-asset pairs (thresholds, a status rule, a rate of
 *    change, silence), as the evaluator runs it: one time-series query per rule. Baseline: the same rules evaluated
 *    one query per rule-asset pair, through the same reader and store.
 * 2. Detection latency: a breach sent through POST /api/telemetry.ingest until its alert is stored, with the
 *    evaluator as the server runs it (30 s cycle, readings past a limit evaluated at once). Baseline: the schedule
 *    alone (the cycle, no triggers), on other units.
 *
 * Figures, not pass/fail: the machine is shared, and the server shares this process's event loop with the load.
 *
 *   npx tsx bench/problemEvaluation.ts
 *
 * Environment: EVAL_UNITS (1000), EVAL_CYCLES (8), EVAL_PROBES (8 per mode), EVAL_INTERVAL_MS (10000),
 * EVAL_DATABASE (pglite, or postgres: the relational store at KELVIN_TEST_DATABASE_URL, in a schema of its own).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/demo/seedDemo.ts';
import { startTestServer } from '../apps/server/src/testing/testServer.ts';
import { DEMO_PASSWORD } from '../e2e/support/consoleServer.ts';
import { setUpLiveBench } from './liveLatency/liveBenchSetup.ts';
import { startSoakLoad } from './soak/soakLoad.ts';
import {
  addBenchRules,
  measureCycles,
  measureDetection,
  measurePerPair,
} from './problemEvaluation/evaluationRuns.ts';

const COMMAND = 'npx tsx bench/problemEvaluation.ts';
const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const UNITS = numberEnv('EVAL_UNITS', 1000);
const CYCLES = numberEnv('EVAL_CYCLES', 8);
const PROBES = numberEnv('EVAL_PROBES', 8);
const INTERVAL_MS = numberEnv('EVAL_INTERVAL_MS', 10_000);

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : '-');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

async function main(): Promise<void> {
  const database = process.env.EVAL_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const server = await startTestServer({ database });
  const dataDir = path.join(repoRoot, '.tmp', `bench-eval-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  await seedDemo(server.database.db, { dataDir, password: DEMO_PASSWORD, files: server.files });
  const bench = await setUpLiveBench(server, { units: UNITS, metricsPerUnit: 10 });
  const rules = await addBenchRules(server, bench.fleet);
  console.log(
    `${rules.ruleIds.length} rules × ${bench.fleet.unitIds.length} units; starting the fleet's load`,
  );
  const load = await startSoakLoad(server.url, bench.fleet, INTERVAL_MS);
  try {
    // Let five minutes of windows fill a little and the first batches land before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));
    const cycles = await measureCycles(server, CYCLES);
    console.log(`cycles: ${cycles.ms.map((ms) => fixed(ms)).join(', ')} ms (${cycles.pairs} pairs each)`);
    console.log(
      `  reading windows: ${cycles.readMs.join(', ')} ms; applying: ${cycles.writeMs.join(', ')} ms`,
    );
    const perPair = await measurePerPair(server);
    console.log(`one query per pair: ${fixed(perPair.ms)} ms for ${perPair.pairs} pairs`);
    const triggered = await measureDetection(server, bench.fleet, rules, { probes: PROBES, triggers: true });
    console.log(`detection with triggers: ${triggered.map((ms) => fixed(ms)).join(', ')} ms`);
    const scheduled = await measureDetection(server, bench.fleet, rules, {
      probes: PROBES,
      triggers: false,
      firstUnit: PROBES,
    });
    console.log(`detection by the schedule alone: ${scheduled.map((ms) => fixed(ms)).join(', ')} ms`);
    const acked = load.counters.pointsAcked;

    const lines = [
      `\`${COMMAND}\` (${database}) — ${rules.ruleIds.length} rules × ${bench.fleet.unitIds.length} units = ${cycles.pairs} pairs; ` +
        `background: ${UNITS} units × 10 metrics every ${INTERVAL_MS / 1000} s through the ingest call ` +
        `(${acked.toLocaleString('en')} points acknowledged during the run), chart queries and 50 live clients`,
      '',
      row(['measure', 'measured', 'baseline', 'ratio', 'goal']),
      row(['---', '---', '---', '---', '---']),
      row([
        'cycle of all pairs, p50 (baseline: one query per pair)',
        `${fixed(percentile(cycles.ms, 0.5))} ms`,
        `${fixed(perPair.ms)} ms`,
        ratio(perPair.ms, percentile(cycles.ms, 0.5)) + '× faster',
        '≤ 2,000 ms',
      ]),
      row(['cycle of all pairs, max', `${fixed(Math.max(...cycles.ms))} ms`, '-', '-', '-']),
      row([
        'of which reading windows / applying verdicts, p50',
        `${fixed(percentile(cycles.readMs, 0.5))} / ${fixed(percentile(cycles.writeMs, 0.5))} ms`,
        '-',
        '-',
        '-',
      ]),
      row([
        'ingest → alert stored, p50 (baseline: schedule alone)',
        `${fixed(percentile(triggered, 0.5))} ms`,
        `${fixed(percentile(scheduled, 0.5))} ms`,
        ratio(percentile(scheduled, 0.5), percentile(triggered, 0.5)) + '× sooner',
        '≤ 32,000 ms (cycle + 2 s)',
      ]),
      row([
        'ingest → alert stored, max',
        `${fixed(Math.max(...triggered))} ms`,
        `${fixed(Math.max(...scheduled))} ms`,
        '-',
        '≤ 32,000 ms',
      ]),
    ];
    if (load.errors.length > 0) lines.push('', `background load errors: ${load.errors.join('; ')}`);
    console.log(`\n${lines.join('\n')}`);
  } finally {
    await load.stop();
    await server.close();
  }
}

await main();
