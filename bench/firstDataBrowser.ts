/**
 * Fast to first data (issue 22, item 4) in Chromium on a running demo server: cold (empty cache) and warm loads
 * of dashboard, problems, tickets and diagnose, timed from navigation start to the first frame showing the page's
 * data (a DOM marker per page that appears only once the server's answer is drawn), against the first frame of
 * the same load showing the shell (header and main area) as the floor. Also: how long "Signing in" showed (a
 * reload with a valid stored session), and the gzipped JavaScript requested before the first data. Figures, not
 * pass/fail: the machines are shared.
 *
 *   npm start   (or: PORT=8106 KELVIN_DEMO_PASSWORD=… npm run start -w @kelvin/server)
 *   BENCH_URL=http://localhost:8106 KELVIN_DEMO_PASSWORD=demo-pass-1 npx tsx bench/firstDataBrowser.ts
 *
 * BENCH_RUNS (default 3) loads per page and mode; the table shows their median. BENCH_REQUESTS=1 lists the requests;
 * BENCH_ONLY=diagnose,tickets measures only those pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { defaultDiagnoseView, setGroupAliases, type DiagnoseViewData } from '@kelvin/domain';
import { repoRoot } from '../apps/server/src/config.ts';
import { closeAll, launchBenchBrowser } from './benchBrowser.ts';

const BASE_URL = (process.env.BENCH_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const EMAIL = process.env.BENCH_EMAIL ?? 'admin@kelvin.example';
const PASSWORD = process.env.KELVIN_DEMO_PASSWORD ?? '';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_TIMEOUT_MS = 60_000;
const DIAGNOSE_ALIASES = ['temperature.supplyAir', 'temperature.returnAir', 'humidity.return'];
/** BENCH_REQUESTS=1 lists each script and call a load made before its first data: a waterfall. */
const LIST_REQUESTS = process.env.BENCH_REQUESTS === '1';
/** BENCH_ONLY=diagnose (comma-separated names) measures only those pages. */
const ONLY = process.env.BENCH_ONLY?.split(',');
const GOALS = { cold: 1500, warm: 800, signingIn: 300, firstScreenKiB: 250 };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Target {
  name: string;
  hashPath: (unitId: number) => string;
  /** Run in the page every frame: true once the page's answer is drawn. Plain text: see installProbe. */
  marker: string;
  markerText: string;
}

/** A server-paged table done loading with at least one row: a ticket or problem, or the empty answer's row. */
const tableMarker = `(() => { const t = document.querySelector('main table[aria-busy="false"]'); return !!t && !!t.querySelector('tbody tr'); })()`;

const TARGETS: readonly Target[] = [
  {
    name: 'dashboard',
    hashPath: () => '/user/dashboard',
    marker: `!!document.querySelector('[aria-label="Units by health"] [aria-label]:not([aria-label$=": loading"])')`,
    markerText: 'a health count filled in ("Units by health")',
  },
  {
    name: 'problems',
    hashPath: () => '/user/problems',
    marker: tableMarker,
    markerText: 'the problems table answered (rows or its empty row), aria-busy false',
  },
  {
    name: 'tickets',
    hashPath: () => '/user/tickets',
    marker: tableMarker,
    markerText: 'the tickets table answered (rows or its empty row), aria-busy false',
  },
  {
    name: 'diagnose',
    hashPath: (unitId) => `/user/devices/${unitId}/metrics`,
    marker: `!!document.querySelector('.uplot') && Array.from(document.querySelectorAll('main tbody tr')).some((row) => /\\d/.test(row.lastElementChild ? row.lastElementChild.textContent || '' : ''))`,
    markerText: `a chart drawn with a number in its legend (${DIAGNOSE_ALIASES.length} metrics, last hour)`,
  },
];

interface Load {
  /** ms from navigation start. */
  shellMs: number;
  dataMs: number;
  /** ms from navigation start until "Signing in" was last seen; 0 when never shown. */
  signingInMs: number;
  /** Gzipped bytes of the scripts requested before the first data. */
  firstScreenJsGzip: number;
}

declare global {
  interface Window {
    __firstData?: { shellAt: number; dataAt: number; signingInUntil: number };
  }
}

/** Watches every frame from before the app's own scripts run: shell, data and the "Signing in" loader. */
function probeScript(target: Target): string {
  return `(() => {
    const probe = { shellAt: 0, dataAt: 0, signingInUntil: 0 };
    window.__firstData = probe;
    const tick = (now) => {
      if (document.querySelector('[role="status"][aria-label="Signing in"]')) probe.signingInUntil = now;
      if (probe.shellAt === 0 && document.querySelector('.mantine-AppShell-header') && document.querySelector('.mantine-AppShell-main')) probe.shellAt = now;
      if (probe.dataAt === 0 && (${target.marker})) probe.dataAt = now;
      if (probe.dataAt === 0 || probe.shellAt === 0) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

/** The diagnose view the tab restores: a chart of a few temperatures of the unit over the last hour. */
function diagnoseState(unitId: number): string {
  const base = setGroupAliases(defaultDiagnoseView(), 'metrics', DIAGNOSE_ALIASES, () => 'AVERAGE');
  const view: DiagnoseViewData = { ...base, selectedAssets: [unitId] };
  return JSON.stringify({ state: { selectedViewId: null, view, recent: [] }, version: 4 });
}

/** Signs in through the embedded provider's form; the stored session (local storage, cookies) is reused after. */
async function signIn(browser: Browser): Promise<StorageState> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/#/login`);
    await page.waitForURL(/\/oidc\/interaction\//, { timeout: LOAD_TIMEOUT_MS });
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/user\/dashboard/, { timeout: LOAD_TIMEOUT_MS });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The first unit (asset type 4) the user may see, asked with the stored session's bearer. */
async function firstUnit(browser: Browser, state: StorageState): Promise<number> {
  const context = await browser.newContext({ storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/#/loggedOut`);
    const unitId = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((one) => one.startsWith('oidc.user:'));
      const stored: unknown = JSON.parse(localStorage.getItem(key ?? '') ?? 'null');
      const token =
        typeof stored === 'object' && stored !== null && 'id_token' in stored ? String(stored.id_token) : '';
      const response = await fetch('/api/assets', { headers: { authorization: `Bearer ${token}` } });
      const assets: unknown = await response.json();
      if (!Array.isArray(assets)) return 0;
      const list: unknown[] = assets;
      for (const one of list) {
        if (typeof one === 'object' && one !== null && 'assetTypeId' in one && one.assetTypeId === 4)
          return 'assetId' in one ? Number(one.assetId) : 0;
      }
      return 0;
    });
    if (!unitId) throw new Error('No unit found for the diagnose page');
    return unitId;
  } finally {
    await context.close();
  }
}

async function newTab(browser: Browser, state: StorageState, target: Target, unitId: number) {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1440, height: 900 } });
  await context.addInitScript({
    // about:blank, between warm loads, has no storage.
    content: `try { sessionStorage.setItem('kelvin.diagnose', ${JSON.stringify(diagnoseState(unitId))}); } catch {}`,
  });
  await context.addInitScript({ content: probeScript(target) });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error (${target.name}): ${error.message}`));
  return { context, page };
}

/** One full page load of the target: timings from the probe, scripts from the network log. */
async function load(page: Page, target: Target, unitId: number): Promise<Load> {
  const requests: { url: string; kind: string; startedAt: number; response: Response }[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    const kind = request.resourceType();
    if (kind !== 'script' && !(LIST_REQUESTS && kind === 'fetch')) return;
    requests.push({ url: request.url(), kind, startedAt: request.timing().startTime, response });
  };
  page.on('response', onResponse);
  try {
    await page.goto(`${BASE_URL}/#${target.hashPath(unitId)}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window.__firstData?.dataAt ?? 0) > 0, undefined, {
      timeout: LOAD_TIMEOUT_MS,
      polling: 100,
    });
    const probe = await page.evaluate(() => ({ ...window.__firstData, origin: performance.timeOrigin }));
    const dataAtEpoch = probe.origin + (probe.dataAt ?? 0);
    let firstScreenJsGzip = 0;
    const listed: string[] = [];
    for (const { url, kind, startedAt, response } of requests) {
      if (startedAt > dataAtEpoch) continue;
      const body = kind === 'script' ? await response.body().catch(() => undefined) : undefined;
      const gzip = body ? gzipSync(body).length : 0;
      firstScreenJsGzip += gzip;
      const { responseEnd } = response.request().timing();
      const at = (startedAt - probe.origin).toFixed(0).padStart(5);
      const took = responseEnd >= 0 ? responseEnd.toFixed(0).padStart(5) : '    -';
      const size = body ? `${(gzip / 1024).toFixed(1).padStart(6)} KiB` : ' '.repeat(10);
      const { pathname, search } = new URL(url);
      listed.push(`${at} ms +${took} ms ${size}  ${pathname}${search.slice(0, 60)}`);
    }
    if (LIST_REQUESTS) {
      listed.push(`${(probe.dataAt ?? 0).toFixed(0).padStart(5)} ms: first data`);
      console.log(
        `${target.name}, requests before the first data (start, duration, gzip):\n${listed.join('\n')}`,
      );
    }
    return {
      shellMs: probe.shellAt ?? Number.NaN,
      dataMs: probe.dataAt ?? Number.NaN,
      signingInMs: probe.signingInUntil ?? 0,
      firstScreenJsGzip,
    };
  } finally {
    page.off('response', onResponse);
  }
}

/** Cold: a fresh context each time (empty HTTP cache, the stored session). Warm: one context, loaded again. */
async function measureTarget(browser: Browser, state: StorageState, target: Target, unitId: number) {
  const cold: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { context, page } = await newTab(browser, state, target, unitId);
    try {
      cold.push(await load(page, target, unitId));
    } finally {
      await context.close();
    }
  }
  const warm: Load[] = [];
  const { context, page } = await newTab(browser, state, target, unitId);
  try {
    await load(page, target, unitId);
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto('about:blank');
      warm.push(await load(page, target, unitId));
    }
  } finally {
    await context.close();
  }
  return { cold, warm };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');

function rows(target: Target, mode: 'cold' | 'warm', loads: readonly Load[]): string {
  const data = median(loads.map((one) => one.dataMs));
  const shell = median(loads.map((one) => one.shellMs));
  const signingIn = Math.max(...loads.map((one) => one.signingInMs));
  // Warm loads take their scripts from the cache, where their bodies cannot be read: the cold figure counts.
  const js =
    mode === 'cold'
      ? `${(median(loads.map((one) => one.firstScreenJsGzip)) / 1024).toFixed(1)} KiB`
      : 'cached';
  const all = loads.map((one) => one.dataMs.toFixed(0)).join(', ');
  return `| ${target.name} | ${mode} | ${ms(data)} (${all}) | ${ms(shell)} | ${(data / shell).toFixed(2)} | ${ms(signingIn)} | ${js} | ≤ ${mode === 'cold' ? GOALS.cold : GOALS.warm} ms |`;
}

async function main(): Promise<void> {
  if (!PASSWORD) throw new Error('Set KELVIN_DEMO_PASSWORD to the running demo server’s password.');
  const { browser, close } = await launchBenchBrowser();
  const lines = [
    `First data on ${BASE_URL} as ${EMAIL}, 1440×900, median of ${RUNS} loads (each load in brackets).`,
    '',
    '| page | cache | navigation → first data | → shell drawn (floor) | ratio | "Signing in" shown until (max) | first-screen JS (gzip) | goal |',
    '|---|---|---|---|---|---|---|---|',
  ];
  try {
    const state = await signIn(browser);
    const unitId = await firstUnit(browser, state);
    for (const target of TARGETS.filter((one) => !ONLY || ONLY.includes(one.name))) {
      const { cold, warm } = await measureTarget(browser, state, target, unitId);
      const measured = [rows(target, 'cold', cold), rows(target, 'warm', warm)];
      console.log(measured.join('\n'));
      lines.push(...measured);
    }
  } finally {
    await closeAll([close]);
  }
  lines.push(
    '',
    `Goals: cold ≤ ${GOALS.cold} ms, warm ≤ ${GOALS.warm} ms, "Signing in" ≤ ${GOALS.signingIn} ms, first-screen JS ≤ ${GOALS.firstScreenKiB} KiB gzip.`,
    'First data:',
    ...TARGETS.map((target) => `- ${target.name}: ${target.markerText}`),
  );
  const report = lines.join('\n');
  console.log(`\n${report}`);
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-first-data-browser.txt'), `${report}\n`);
}

await main();
