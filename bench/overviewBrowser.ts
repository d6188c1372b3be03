/**
 * The overview of 5,000 units in Chromium (issue 11, speed): first render (navigation to every tile drawn in its
 * colour) and the cost of an update: N units' health changing (the Refresh that asks assets.state.list again) and
 * N units' custom-metric values arriving through /live. Against the floor, measured in the same run: the same
 * 5,000 tiles built and recoloured by plain DOM calls with no framework and no requests. Figures, not pass/fail:
 * the machines are shared.
 *
 *   npm run build && npx tsx bench/overviewBrowser.ts
 *   OVERVIEW_BENCH_WEB_DIST=/somewhere/dist npx tsx bench/overviewBrowser.ts   (a build of one's own)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Browser, Page, Request } from 'playwright-core';
import { ASSET_HEALTH_COLOURS, ASSET_TYPE } from '@kelvin/domain';
import { repoRoot } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/demo/seedDemo.ts';
import { assets } from '../apps/server/src/platform/db/schema.ts';
import { startTestServer } from '../apps/server/src/testing/testServer.ts';
import { DEMO_PASSWORD } from '../e2e/support/consoleServer.ts';
import { signIn } from '../e2e/support/signIn.ts';
import { closeAll, launchBenchBrowser, type BenchBrowser } from './benchBrowser.ts';
import { FLEET_UNITS, sendReadings, topUpFleet } from './overviewBrowser/benchFleet.ts';
import {
  busyMs,
  floorPage,
  installProbe,
  measureUpdate,
  type UpdateCost,
} from './overviewBrowser/pageProbe.ts';

// A build elsewhere, so that a bench of work in progress need not replace the shared apps/web/dist.
const WEB_DIST = process.env.OVERVIEW_BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const BATCHES = [50, 500, 4000] as const;
const RUNS = 3;
/** paintByMetric's top step: the units sent the highest value show it. */
const TOP_STEP = 'step-23';
const BOTTOM_STEP = 'step-0';

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** The run of median latency, whole: its busy time and worst frame belong to it. */
const medianRun = (runs: readonly UpdateCost[]): UpdateCost => {
  const sorted = [...runs].sort((a, b) => a.latencyMs - b.latencyMs);
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run) throw new Error('No runs');
  return run;
};
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The overview's state as a tab restores it (see overviewStore.ts). */
function overviewState(custom: { metricId: number } | null): string {
  const state = {
    viewMode: custom ? 'Custom Metric' : 'Device State',
    showDeviceNames: true,
    showExperimental: custom !== null,
    showLegend: true,
    customMetricId: custom?.metricId ?? null,
    selectedCompanyIds: [],
    sidebarCollapsed: false,
  };
  return JSON.stringify({ state, version: 1 });
}

async function openOverview(browser: Browser, url: string, state: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.addInitScript({
    content: `sessionStorage.setItem('kelvin.overview', ${JSON.stringify(state)});`,
  });
  await installProbe(page, FLEET_UNITS);
  await signIn(page, url, 'admin@kelvin.example');
  return page;
}

/** A full load of the overview: ms from navigation start to the frame showing every tile coloured. */
async function firstRender(page: Page, url: string): Promise<number> {
  const answered: { path: string; startedAt: number; endedAt: number; bytes: number }[] = [];
  const onFinished = (request: Request) => {
    const match = /\/api\/([^?]+)/.exec(request.url());
    if (!match) return;
    const timing = request.timing();
    void request.sizes().then((sizes) =>
      answered.push({
        path: match[1] ?? '',
        startedAt: timing.startTime,
        endedAt: timing.startTime + timing.responseEnd,
        bytes: sizes.responseBodySize,
      }),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(`${url}/?run=${String(Math.random())}#/user/overview`);
  await page.waitForFunction(() => (window.__bench?.firstTilesAt ?? 0) > 0, undefined, {
    polling: 100,
    timeout: 120_000,
  });
  page.off('requestfinished', onFinished);
  const { firstTilesAt, origin } = await page.evaluate(() => ({
    firstTilesAt: window.__bench?.firstTilesAt ?? NaN,
    origin: performance.timeOrigin,
  }));
  // Where the time went: each call's answer, in ms since navigation start.
  const calls = answered
    .sort((a, b) => a.endedAt - b.endedAt)
    .map(
      (call) =>
        `${call.path} ${fixed(call.startedAt - origin)}→${fixed(call.endedAt - origin)} ms (${fixed(call.bytes / 1024)} KiB)`,
    );
  console.log(`first render ${fixed(firstTilesAt)} ms; calls: ${calls.join('; ')}`);
  return firstTilesAt;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const server = await startTestServer({ env: { KELVIN_WEB_DIST: WEB_DIST } });
  const rows: string[] = [];
  let bench: BenchBrowser | undefined;
  try {
    const dataDir = path.join(repoRoot, '.tmp', `bench-overview-${process.pid}`);
    mkdirSync(dataDir, { recursive: true });
    await seedDemo(server.database.db, { dataDir, password: DEMO_PASSWORD, files: server.files });
    const fleet = await topUpFleet(server);
    const allUnits = (
      await server.database.db
        .select({ assetId: assets.assetId })
        .from(assets)
        .where(inArray(assets.assetTypeId, [ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit]))
    ).map((row) => row.assetId);
    const token = await server.mintIdToken(fleet.identityId, { expiresIn: '2h' });
    console.log(`fleet: ${allUnits.length} units (${fleet.unitIds.length} added to the demo's)`);
    // Disjoint sets, so that each batch changes exactly its own units.
    const batches = BATCHES.map((size, index) => {
      const start = BATCHES.slice(0, index).reduce((sum, n) => sum + n, 0);
      return fleet.unitIds.slice(start, start + size);
    });

    bench = await launchBenchBrowser();
    const { browser } = bench;
    // The app in its default view: first render, then health updates.
    let page = await openOverview(browser, server.url, overviewState(null));
    const appFirst: number[] = [];
    for (let run = 0; run < RUNS; run++) appFirst.push(await firstRender(page, server.url));
    let cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const health = new Map<number, UpdateCost>();
    // Found once: a role selector walks every button's accessible name, 5,000 of them, which the page would pay.
    const refresh = await page.evaluateHandle(() =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
        (button) => button.textContent === 'Refresh',
      ),
    );
    for (const batch of batches) {
      await sendReadings(server.url, token, fleet.metricAlias, batch, 18);
      health.set(
        batch.length,
        await measureUpdate(page, cdp, batch, 'HEALTHY', () =>
          refresh.evaluate((button: HTMLButtonElement | undefined) => button?.click()),
        ),
      );
    }
    await page.context().close();

    // The app colouring by a custom metric: every unit at 10 first, then batches sent the highest value and back.
    await sendReadings(server.url, token, fleet.metricAlias, allUnits, 10);
    page = await openOverview(browser, server.url, overviewState({ metricId: fleet.metricId }));
    await firstRender(page, server.url);
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const values = new Map<number, UpdateCost>();
    for (const batch of batches) {
      // Up to the top of the scale and back down, RUNS times: the median run's figures.
      const runs: UpdateCost[] = [];
      for (let run = 0; run < RUNS; run++) {
        const [value, state] = run % 2 === 0 ? [30, TOP_STEP] : [10, BOTTOM_STEP];
        runs.push(
          await measureUpdate(page, cdp, batch, state, () =>
            sendReadings(server.url, token, fleet.metricAlias, batch, value),
          ),
        );
      }
      values.set(batch.length, medianRun(runs));
    }
    await page.context().close();

    // The floor: the same tiles by plain DOM calls, served from the same origin.
    const floorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const floor = await floorContext.newPage();
    await installProbe(floor, FLEET_UNITS);
    const groups = Array.from({ length: Math.ceil(allUnits.length / 50) }, (_, index) => ({
      name: `Hall ${String(index + 1)}`,
      units: allUnits.slice(index * 50, index * 50 + 50).map((id) => ({ id, name: `Unit ${String(id)}` })),
    }));
    const html = floorPage(groups);
    await floor.route('**/bench-floor.html*', (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    const floorFirst: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await floor.goto(`${server.url}/bench-floor.html?run=${String(run)}`);
      await floor.waitForFunction(() => (window.__bench?.firstTilesAt ?? 0) > 0, undefined, { polling: 100 });
      floorFirst.push(await floor.evaluate(() => window.__bench?.firstTilesAt ?? NaN));
    }
    const floorCdp = await floorContext.newCDPSession(floor);
    await floorCdp.send('Performance.enable');
    const floorUpdates = new Map<number, UpdateCost>();
    for (const batch of batches) {
      floorUpdates.set(
        batch.length,
        await measureUpdate(floor, floorCdp, batch, 'HEALTHY', () =>
          floor.evaluate(({ ids, colour }) => window.__floorUpdate?.(ids, 'HEALTHY', colour), {
            ids: batch,
            colour: ASSET_HEALTH_COLOURS.HEALTHY,
          }),
        ),
      );
    }
    console.log(`floor busy after load: ${fixed(await busyMs(floorCdp))} ms`);
    await floorContext.close();

    const row = (measure: string, app: number, base: number, unit = 'ms') =>
      `| ${measure} | ${fixed(app)} ${unit} | ${fixed(base)} ${unit} | ${fixed(app / base, 1)} |`;
    rows.push(
      `| overview of ${allUnits.length.toLocaleString('en')} units | app | floor (plain DOM, no framework, no requests) | ratio |`,
      '|---|---|---|---|',
      row(
        `first render: navigation → every tile coloured (median of ${String(RUNS)} loads)`,
        median(appFirst),
        median(floorFirst),
      ),
    );
    for (const [label, measured] of [
      ['health of N units (Refresh → N tiles recoloured)', health],
      ['custom metric of N units (ingest → N tiles recoloured via /live, median of 3 runs)', values],
    ] as const) {
      for (const size of BATCHES) {
        const app = measured.get(size);
        const base = floorUpdates.get(size);
        if (!app || !base) continue;
        rows.push(
          row(`${label}, N = ${String(size)}: latency`, app.latencyMs, base.latencyMs),
          ...(label.startsWith('custom metric') && Number.isFinite(app.firstMessageMs)
            ? [
                `| … of which the server's part (trigger → first live message) | ${fixed(app.firstMessageMs)} ms | | |`,
                `| … the last live message (trigger → last message, the 200 ms after the change included) | ${fixed(app.lastMessageMs)} ms | | |`,
              ]
            : []),
          row(`… main-thread busy`, app.busyMs, base.busyMs),
          row(`… longest frame`, app.longestFrameMs, base.longestFrameMs),
        );
      }
    }
  } finally {
    // Each step even if one fails, the browser killed if a close leaves it running: the process exits by itself.
    await closeAll([async () => bench?.close(), () => server.close()]);
  }
  const report = rows.join('\n');
  console.log(report);
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-overview-browser.txt'), `${report}\n`);
}

await main();
