/**
 * The diagnose charts in Chromium (issue 10, speed): 20 series × 24 h of 2 Hz readings on one chart, and the same
 * screen over 24 months from the rollups. Each is measured as the app asks (M4 at the plot's pixel width) and
 * against the same chart fed every reading (the request rewritten in the browser: RAW without maxPoints for the
 * day; 30-minute buckets without maxPoints for the 24 months, every stored reading of that unit), in one run:
 * time from the answer's arrival to the first frame showing every series, bytes and points moved per series, and
 * frame times while dragging a zoom. Figures, not pass/fail: the machines are shared.
 *
 *   npm run build && npx tsx bench/diagnoseBrowser.ts
 *   BENCH_WEB_DIST=/elsewhere/dist npx tsx bench/diagnoseBrowser.ts   (a build of one's own)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { defaultDiagnoseView, setGroupAliases, type DiagnoseViewData } from '@kelvin/domain';
import { repoRoot } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/demo/seedDemo.ts';
import { startTestServer, type TestServer } from '../apps/server/src/testing/testServer.ts';
import { DEMO_PASSWORD } from '../e2e/support/consoleServer.ts';
import { signIn } from '../e2e/support/signIn.ts';
import { launchBenchBrowser } from './benchBrowser.ts';
import { chooseFleet, ingest, readings, SERIES } from './diagnoseBrowser/benchFleet.ts';
import { dragAcrossPlot, installProbe, readProbe } from './diagnoseBrowser/pageProbe.ts';

const DAY = 86_400_000;
/** The built web app; BENCH_WEB_DIST points at another build (one's own, while others use the shared one). */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');

interface Scenario {
  label: string;
  assetId: number;
  range: { from: number; to: number };
  /** How the baseline asks instead: every reading, no pixel bound. */
  baseline: (body: Record<string, unknown>) => Record<string, unknown>;
}

interface Measured {
  arrivalToFrameMs: number;
  bytesPerSeries: number;
  pointsPerSeries: number;
  pointsPerPixel: number;
  frameP50: number;
  frameP95: number;
}

/** The diagnose state a tab restores: one tall chart group of the given aliases over an absolute range. */
function viewState(assetId: number, aliases: readonly string[], range: { from: number; to: number }): string {
  const base = setGroupAliases(defaultDiagnoseView(), 'metrics', aliases, () => 'AVERAGE');
  const view: DiagnoseViewData = {
    ...base,
    rangeDisplay: 'Custom',
    fromDate: new Date(range.from).toISOString(),
    toDate: new Date(range.to).toISOString(),
    selectedAssets: [assetId],
    timezone: 'UTC',
    groups: base.groups.filter((group) => group.id === 'metrics'),
    layout: [{ i: 'metrics', x: 0, y: 0, w: 12, h: 24, minH: 6 }],
  };
  return JSON.stringify({ state: { selectedViewId: null, view, recent: [] }, version: 4 });
}

const percentile = (values: readonly number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
};

/** A browser of its own for each run: a tab that runs out of memory may take the whole browser down. */
async function measure(
  url: string,
  scenario: Scenario,
  aliases: readonly string[],
  fed: 'app' | 'baseline',
): Promise<Measured | 'crashed'> {
  const { browser, close } = await launchBenchBrowser();
  try {
    return await measureIn(browser, url, scenario, aliases, fed);
  } catch (error) {
    if (!browser.isConnected()) return 'crashed';
    throw error;
  } finally {
    // Killed, not only closed: after a crashed tab a closed browser could keep running and the bench never exit.
    await close();
  }
}

async function measureIn(
  browser: Browser,
  url: string,
  scenario: Scenario,
  aliases: readonly string[],
  fed: 'app' | 'baseline',
): Promise<Measured | 'crashed'> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error (${fed}): ${error.message}`));
  // An object, not a let: the compiler cannot see the callback change it.
  const tab = { crashed: false };
  page.on('crash', () => {
    tab.crashed = true;
  });
  // Set before the app's scripts run at each load, so that the diagnose store restores this view.
  const state = viewState(scenario.assetId, aliases, scenario.range);
  await page.addInitScript({
    content: `sessionStorage.setItem('kelvin.diagnose', ${JSON.stringify(state)});`,
  });
  await installProbe(page, aliases.length);
  await signIn(page, url, 'admin@kelvin.example');
  let points = 0;
  let width = 0;
  let arrivedAt = 0;
  let bytes = 0;
  page.on('requestfinished', (request) => {
    if (!request.url().includes('assets.metrics.timeseries.get')) return;
    const timing = request.timing();
    arrivedAt = Math.max(arrivedAt, timing.startTime + timing.responseEnd);
    void request.sizes().then((sizes) => {
      bytes = sizes.responseBodySize;
    });
  });
  // Every answer passes through here: the request rewritten for the baseline, the points counted on the way.
  await page.route('**/api/assets.metrics.timeseries.get', async (route) => {
    const body: unknown = route.request().postDataJSON();
    if (typeof body !== 'object' || body === null) return route.continue();
    const asked: Record<string, unknown> = { ...body };
    width = typeof asked.maxPoints === 'number' ? asked.maxPoints : width;
    try {
      const response = await route.fetch({
        postData: JSON.stringify(fed === 'app' ? asked : scenario.baseline(asked)),
        timeout: 300_000,
      });
      const text = await response.text();
      points = countPoints(JSON.parse(text));
      await route.fulfill({ response, body: text });
    } catch (error) {
      // A request the page no longer waits for (it moved on) ends here; any other failure is reported.
      if (!page.isClosed()) console.log(`timeseries request failed: ${String(error)}`);
    }
  });
  await page.goto(`${url}/#/user/devices/${scenario.assetId}/metrics`);
  try {
    await page.waitForFunction(() => (window.__probe?.drawnAt ?? 0) > 0, undefined, {
      timeout: Number(process.env.BENCH_FRAME_TIMEOUT_MS ?? 300_000),
    });
  } catch (error) {
    if (tab.crashed || page.isClosed()) {
      await context.close().catch(() => undefined);
      return 'crashed';
    }
    await page.screenshot({ path: path.join(repoRoot, '.tmp', `bench-diagnose-${fed}.png`) });
    const seen = await page.evaluate(() => JSON.stringify(window.__probe));
    console.log(`no first frame seen: ${seen}`);
    throw error;
  }
  const probe = await readProbe(page);
  const frames = await dragAcrossPlot(page);
  await context.close();
  return {
    arrivalToFrameMs: probe.drawnAt - arrivedAt,
    bytesPerSeries: bytes / aliases.length,
    pointsPerSeries: points / aliases.length,
    pointsPerPixel: width > 0 ? points / aliases.length / width : Number.NaN,
    frameP50: percentile(frames, 0.5),
    frameP95: percentile(frames, 0.95),
  };
}

/** Readings in a time-series answer. */
function countPoints(answer: unknown): number {
  if (!Array.isArray(answer)) return 0;
  const list: unknown[] = answer;
  let points = 0;
  for (const one of list) {
    if (typeof one !== 'object' || one === null || !('dataPoints' in one)) continue;
    const data: unknown = one.dataPoints;
    if (typeof data === 'object' && data !== null && 'timestamps' in data && Array.isArray(data.timestamps))
      points += data.timestamps.length;
  }
  return points;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
/** Ratios far below 1 keep two significant digits, so that 0.004 does not print as 0.00. */
const ratioText = (ratio: number) => (ratio > 0 && ratio < 0.1 ? ratio.toPrecision(2) : fixed(ratio, 2));
const kib = (bytes: number) => `${fixed(bytes / 1024, 1)} KiB`;

function table(label: string, app: Measured, raw: Measured, rawSeries: number): string[] {
  const note = rawSeries === SERIES ? '' : ` (baseline: ${rawSeries} series; ${SERIES} crashed the tab)`;
  const row = (measure: string, a: string, b: string, ratio: number, goal: string) =>
    `| ${label} | ${measure} | ${a} | ${b} | ${ratioText(ratio)} | ${goal} |`;
  return [
    row(
      `answer arrival → first frame, all series${note}`,
      `${fixed(app.arrivalToFrameMs)} ms`,
      `${fixed(raw.arrivalToFrameMs)} ms`,
      app.arrivalToFrameMs / raw.arrivalToFrameMs,
      '≤ 300 ms',
    ),
    row(
      'bytes per series (answer body)',
      kib(app.bytesPerSeries),
      kib(raw.bytesPerSeries),
      app.bytesPerSeries / raw.bytesPerSeries,
      '-',
    ),
    row(
      'points per series',
      fixed(app.pointsPerSeries),
      fixed(raw.pointsPerSeries),
      app.pointsPerSeries / raw.pointsPerSeries,
      '-',
    ),
    row(
      'points per pixel column',
      fixed(app.pointsPerPixel, 2),
      fixed(raw.pointsPerPixel, 2),
      app.pointsPerPixel / raw.pointsPerPixel,
      '≤ 4',
    ),
    row(
      'frame time dragging a zoom, p50',
      `${fixed(app.frameP50, 1)} ms`,
      `${fixed(raw.frameP50, 1)} ms`,
      app.frameP50 / raw.frameP50,
      '≤ 16.7 ms (60 fps)',
    ),
    row(
      'frame time dragging a zoom, p95',
      `${fixed(app.frameP95, 1)} ms`,
      `${fixed(raw.frameP95, 1)} ms`,
      app.frameP95 / raw.frameP95,
      '-',
    ),
  ];
}

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const server = await startTestServer({ env: { KELVIN_WEB_DIST: WEB_DIST } });
  let report: string;
  try {
    report = await measureAll(server);
  } finally {
    await server.close();
  }
  console.log(report);
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-diagnose-browser.txt'), `${report}\n`);
}

/** Seeds the demo, ingests the two units' readings and measures both ranges: the report's table. */
async function measureAll(server: TestServer): Promise<string> {
  const dataDir = path.join(repoRoot, '.tmp', `bench-diagnose-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  await seedDemo(server.database.db, { dataDir, password: DEMO_PASSWORD, files: server.files });
  const fleet = await chooseFleet(server);
  const token = await server.mintIdToken(fleet.identityId, { expiresIn: '2h' });
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const day = { from: now - DAY, to: now };
  const years = { from: now - 730 * DAY, to: now };
  let started = performance.now();
  const dayPoints = await ingest(
    server.url,
    token,
    readings(fleet.dayUnit, fleet.aliases, day.from, day.to, 500),
  );
  console.log(
    `ingested ${dayPoints.toLocaleString('en')} points (24 h at 2 Hz × ${SERIES}) in ${fixed((performance.now() - started) / 1000, 1)} s`,
  );
  started = performance.now();
  const yearPoints = await ingest(
    server.url,
    token,
    readings(fleet.yearsUnit, fleet.aliases, years.from, years.to, 1_800_000),
  );
  console.log(
    `ingested ${yearPoints.toLocaleString('en')} points (24 months, one per 30 min × ${SERIES}) in ${fixed((performance.now() - started) / 1000, 1)} s`,
  );

  const scenarios: Scenario[] = [
    {
      label: '24 h, 2 Hz',
      assetId: fleet.dayUnit,
      range: day,
      baseline: ({ maxPoints: _drop, ...body }) => ({
        ...body,
        metricsWithAggregateFunction: withAggregation(body, 'RAW'),
      }),
    },
    {
      label: '24 months',
      assetId: fleet.yearsUnit,
      range: years,
      baseline: ({ maxPoints: _drop, ...body }) => ({ ...body, interval: 1_800_000 }),
    },
  ];
  const lines = [
    '| range | measure | app (M4 at pixel width) | same chart fed every reading | ratio | goal |',
    '|---|---|---|---|---|---|',
  ];
  for (const scenario of scenarios) {
    const app = await measure(server.url, scenario, fleet.aliases, 'app');
    if (app === 'crashed') throw new Error(`The app's own chart crashed the tab (${scenario.label})`);
    console.log(`${scenario.label}, app: ${JSON.stringify(app)}`);
    // The chart fed every reading may take more memory than a tab has: then it is measured on fewer series.
    let rawSeries = SERIES;
    let raw = await measure(server.url, scenario, fleet.aliases, 'baseline');
    while (raw === 'crashed' && rawSeries > 1) {
      rawSeries = Math.max(1, Math.floor(rawSeries / 4));
      console.log(`${scenario.label}, baseline crashed the tab; again with ${rawSeries} series`);
      raw = await measure(server.url, scenario, fleet.aliases.slice(0, rawSeries), 'baseline');
    }
    if (raw === 'crashed')
      throw new Error(`The baseline crashed the tab with one series (${scenario.label})`);
    const rows = table(scenario.label, app, raw, rawSeries);
    console.log(rows.join('\n'));
    lines.push(...rows);
  }
  return lines.join('\n');
}

function withAggregation(body: Record<string, unknown>, aggregation: string): unknown {
  const metrics = Array.isArray(body.metricsWithAggregateFunction) ? body.metricsWithAggregateFunction : [];
  return metrics.map((metric: unknown) =>
    typeof metric === 'object' && metric !== null ? { ...metric, aggregateFunction: aggregation } : metric,
  );
}

await main();
