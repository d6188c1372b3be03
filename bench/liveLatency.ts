/**
 * The live view's speed (issue 11, item 7), in one run against the server in this process with the demo seeded:
 *
 * 1. Sensor to pixel: a value written through POST /api/telemetry.ingest (a user token with telemetry:write) until
 *    the next animation frame after the live view's cell shows it, in a few Chromium pages, while the rest of the
 *    viewers are bare socket.io clients on the same paths (in a child process) and a fleet ingests in the
 *    background (the soak's load, from a process of its own: agents every interval, chart queries and 50 live subscribers).
 *    Baseline: arrival of the same values at those bare socket.io clients (no rendering), so the ratio is what the
 *    screen adds. Page and node clocks are the same machine's (performance.timeOrigin + now vs Date.now()).
 * 2. The live view of a unit reporting 2,000 metrics at 120 values a metric a minute: frame intervals and the
 *    renderer's busy share (CDP TaskDuration and ScriptDuration over wall time), scrolling and idle. Baseline: the
 *    same page with a unit reporting 200 of those metrics at the same rate. No background fleet here.
 *
 * Figures, not pass/fail: the machine is shared. The server runs in this process, the fleet's load in a child of
 * its own (soak/soakLoadProcess.ts), the bare viewers in another.
 *
 *   npm run build && npx tsx bench/liveLatency.ts
 *
 * Environment: LIVE_VIEWERS (200), LIVE_PAGES (4, of the viewers), LIVE_PROBES (40), LIVE_FLEET_UNITS (1000),
 * LIVE_FLEET_METRICS (20 per unit), LIVE_FLEET_INTERVAL_MS (10000), LIVE_WIDE_SECONDS (20, per phase).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/demo/seedDemo.ts';
import { startTestServer } from '../apps/server/src/testing/testServer.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD } from '../e2e/support/consoleServer.ts';
import { setUpLiveBench } from './liveLatency/liveBenchSetup.ts';
import { measureSensorToPixel } from './liveLatency/sensorToPixel.ts';
import { measureWideUnit, type WideUnitRun } from './liveLatency/wideUnit.ts';
import { forkSoakLoad } from './soak/forkSoakLoad.ts';

const WEB_DIST = path.join(repoRoot, 'apps/web/dist');
const COMMAND = 'npx tsx bench/liveLatency.ts';
const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const VIEWERS = numberEnv('LIVE_VIEWERS', 200);
const PAGES = Math.min(VIEWERS, numberEnv('LIVE_PAGES', 4));
const PROBES = numberEnv('LIVE_PROBES', 40);
const FLEET_UNITS = numberEnv('LIVE_FLEET_UNITS', 1000);
const FLEET_METRICS = numberEnv('LIVE_FLEET_METRICS', 20);
const FLEET_INTERVAL_MS = numberEnv('LIVE_FLEET_INTERVAL_MS', 10_000);
const WIDE_MS = numberEnv('LIVE_WIDE_SECONDS', 20) * 1000;
const PER_MINUTE = 120;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : '-');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

function wideRows(phase: 'scrolling' | 'idle', wide: WideUnitRun, narrow: WideUnitRun): string[] {
  const a = wide[phase];
  const b = narrow[phase];
  const frame = (label: string, fraction: number | 'max', goal: string) => {
    const x = fraction === 'max' ? Math.max(...a.frames) : percentile(a.frames, fraction);
    const y = fraction === 'max' ? Math.max(...b.frames) : percentile(b.frames, fraction);
    return row([
      `2,000 metrics, ${phase}`,
      label,
      `${fixed(x, 1)} ms`,
      `${fixed(y, 1)} ms`,
      ratio(x, y),
      goal,
    ]);
  };
  return [
    frame('frame interval p50', 0.5, '≤ 16.7 ms'),
    frame('frame interval p99', 0.99, '-'),
    frame('frame interval max', 'max', '-'),
    row([
      `2,000 metrics, ${phase}`,
      'renderer busy (TaskDuration / wall)',
      `${fixed(a.taskShare * 100)} %`,
      `${fixed(b.taskShare * 100)} %`,
      ratio(a.taskShare, b.taskShare),
      '-',
    ]),
    row([
      `2,000 metrics, ${phase}`,
      'script (ScriptDuration / wall)',
      `${fixed(a.scriptShare * 100)} %`,
      `${fixed(b.scriptShare * 100)} %`,
      ratio(a.scriptShare, b.scriptShare),
      '-',
    ]),
  ];
}

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const server = await startTestServer({ env: { KELVIN_WEB_DIST: WEB_DIST } });
  const dataDir = path.join(repoRoot, '.tmp', `bench-live-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  await seedDemo(server.database.db, { dataDir, password: DEMO_PASSWORD, files: server.files });
  const bench = await setUpLiveBench(server, { units: FLEET_UNITS, metricsPerUnit: FLEET_METRICS });
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    const token = bench.fleet.token;
    const perMinute = { perMinute: PER_MINUTE, ms: WIDE_MS };
    const wide = await measureWideUnit(
      browser,
      server.url,
      token,
      { assetId: bench.wideUnit, aliases: bench.benchAliases },
      perMinute,
    );
    console.log(`2,000 metrics: ${fixed(wide.valuesPerSecond)} values/s acknowledged`);
    const narrow = await measureWideUnit(
      browser,
      server.url,
      token,
      { assetId: bench.narrowUnit, aliases: bench.benchAliases.slice(0, 200) },
      perMinute,
    );
    console.log(`200 metrics: ${fixed(narrow.valuesPerSecond)} values/s acknowledged`);

    // The fleet's load from a process of its own: in this one it would share the server's event loop.
    const load = await forkSoakLoad(server.url, bench.fleet, FLEET_INTERVAL_MS);
    const pixel = await measureSensorToPixel(browser, server.url, bench, {
      viewers: VIEWERS,
      pages: PAGES,
      probes: PROBES,
      gapMs: 750,
    });
    const { pointsAcked: fleetPoints, errors } = await load.stop();
    if (errors.length > 0) console.log(`background load errors: ${errors.join('; ')}`);

    const fleetRate = (FLEET_UNITS * FLEET_METRICS * 1000) / FLEET_INTERVAL_MS;
    lines.push(
      `\`${COMMAND}\` — ${VIEWERS} viewers (${pixel.pages} Chromium pages + ${pixel.sockets} socket.io clients), ` +
        `${PROBES} probes; background: ${FLEET_UNITS} units × ${FLEET_METRICS} metrics every ${FLEET_INTERVAL_MS / 1000} s ` +
        `(${fixed(fleetRate)} points/s asked, ${fleetPoints.toLocaleString('en')} acknowledged while probing); ` +
        `wide unit: ${PER_MINUTE} values a metric a minute, ${WIDE_MS / 1000} s per phase ` +
        `(2,000 metrics: ${fixed(wide.valuesPerSecond)} values/s acknowledged; 200: ${fixed(narrow.valuesPerSecond)})`,
      '',
      row(['scenario', 'measure', 'measured', 'baseline', 'ratio', 'goal']),
      row(['---', '---', '---', '---', '---', '---']),
    );
    for (const [label, fraction, goal] of [
      ['p50', 0.5, '≤ 250 ms'],
      ['p99', 0.99, '≤ 1000 ms'],
    ] as const) {
      const x = percentile(pixel.pixel, fraction);
      const y = percentile(pixel.socket, fraction);
      lines.push(
        row([
          'sensor to pixel (baseline: socket.io arrival)',
          `ingest call → drawn, ${label}`,
          `${fixed(x)} ms`,
          `${fixed(y)} ms`,
          ratio(x, y),
          goal,
        ]),
      );
    }
    lines.push(
      row([
        'sensor to pixel',
        'ingest acknowledged, p50 / p99',
        `${fixed(percentile(pixel.ack, 0.5))} / ${fixed(percentile(pixel.ack, 0.99))} ms`,
        '-',
        '-',
        '-',
      ]),
      row([
        'sensor to pixel',
        'samples (missed)',
        `${pixel.pixel.length} (${pixel.missedPixels})`,
        `${pixel.socket.length} (${pixel.missedSockets})`,
        '-',
        '-',
      ]),
      ...wideRows('scrolling', wide, narrow),
      ...wideRows('idle', wide, narrow),
    );
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
  const report = lines.join('\n');
  console.log(`\n${report}`);
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-live-latency.txt'), `${report}\n`);
}

await main();
