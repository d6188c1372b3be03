/**
 * The scheduling views of 50 technicians in Chromium (issue 25 item 7): first render (navigation → the entries
 * committed and painted) and a drag (pointer up → the move applied to the page's entries and committed, and →
 * the next frame painted), with 5,000 entries in the visible range against 500 in the same run. Three views:
 * FullCalendar's week (the scheduling screen's Week), FullCalendar's time grid with one "day" column per
 * technician (the first design of the technicians view, measured and dropped), and TechniciansView (one column
 * per technician, only the columns in sight rendered, plain absolutely placed entries). Goal: first render ≤ 1 s
 * and a drag's work inside a 16 ms frame. Figures, not pass/fail: the machines are shared.
 *
 *   npx tsx bench/schedulingBrowser.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../apps/server/src/config.ts';
import { closeAll, launchBenchBrowser, type BenchBrowser } from './benchBrowser.ts';

const ORIGIN = 'http://scheduling.bench';
const OUT = path.join(repoRoot, '.tmp', 'bench-scheduling');
const COUNTS = [500, 5000] as const;
const LOADS = 3;
const DRAGS = 5;
const FRAME_MS = 16;

interface Variant {
  label: string;
  query: string;
  /** The entries a drag may pick up. */
  selector: string;
  /** How far a drag goes right: one column for the technicians views, none in the week, -1: no drags. */
  dx: number;
}

const VARIANTS: readonly Variant[] = [
  // No view and no drags (dx -1): loading the page, React and Mantine; the other rows pay it too.
  { label: 'floor: the page with no view', query: 'variant=floor', selector: '', dx: -1 },
  {
    label: 'FullCalendar week (7 days)',
    query: 'variant=fc-week&days=7',
    selector: '.fc-timegrid-event',
    dx: 0,
  },
  {
    label: 'FullCalendar, a column per technician (one day)',
    query: 'variant=fc-columns&days=1',
    selector: '.fc-timegrid-event',
    dx: 0,
  },
  {
    label: 'TechniciansView (one day)',
    query: 'variant=technicians&days=1',
    selector: '[data-schedule-id]',
    dx: 1,
  },
  {
    label: 'TechniciansView, the week of entries given (one day shown)',
    query: 'variant=technicians&days=7',
    selector: '[data-schedule-id]',
    dx: 1,
  },
];

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function bundle(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: [path.join(repoRoot, 'bench/schedulingBrowser/main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    outdir: OUT,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    // The web app's toolchain is Vite; esbuild here bundles the bench page and the one component it mounts.
    tsconfig: path.join(repoRoot, 'bench/schedulingBrowser/tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  writeFileSync(
    path.join(OUT, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/main.css"></head>' +
      '<body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
}

async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await context.route(`${ORIGIN}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace(/^\//, '') || 'index.html';
    const type = name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : 'text/html';
    await route.fulfill({ contentType: type, body: readFileSync(path.join(OUT, name)) });
  });
  return page;
}

interface Result {
  firstRender: number;
  /** From the page's script starting (bundle fetched and parsed) to the entries painted. */
  drawing: number;
  applied: number[];
  painted: number[];
}

/** The centre of an entry in sight, tall enough to grab, the n-th such from the top-left. */
async function grabPoint(
  page: Page,
  selector: string,
  nth: number,
): Promise<{ x: number; y: number; w: number }> {
  return page.evaluate(
    ({ css, n }) => {
      // In sight, and on top at the point grabbed (FullCalendar stacks crowded entries over each other).
      const seen = Array.from(document.querySelectorAll<HTMLElement>(css))
        .map((element) => ({ element, r: element.getBoundingClientRect() }))
        .filter(
          ({ r }) =>
            r.height >= 24 &&
            r.top > 120 &&
            r.bottom < innerHeight - 150 &&
            r.left > 80 &&
            r.right < innerWidth - 300,
        )
        .filter(({ element, r }) =>
          element.contains(document.elementFromPoint(r.left + r.width / 2, r.top + 8)),
        )
        .map(({ r }) => r);
      const rect = seen[n % Math.max(1, seen.length)];
      if (!rect) throw new Error(`no entry in sight (${css})`);
      return { x: rect.left + rect.width / 2, y: rect.top + 8, w: rect.width };
    },
    { css: selector, n: nth },
  );
}

async function measure(browser: Browser, variant: Variant, count: number): Promise<Result> {
  const page = await openPage(browser);
  const loads: number[] = [];
  const drawings: number[] = [];
  for (let load = 0; load < LOADS; load++) {
    await page.goto(`${ORIGIN}/?${variant.query}&count=${String(count)}&load=${String(load)}`);
    await page.waitForFunction(() => (window.__schedulingBench?.firstRenderAt ?? 0) > 0, undefined, {
      timeout: 120_000,
    });
    const marks = await page.evaluate(() => window.__schedulingBench);
    loads.push(marks?.firstRenderAt ?? NaN);
    drawings.push((marks?.firstRenderAt ?? NaN) - (marks?.scriptStartAt ?? NaN));
  }
  console.log(
    `${variant.label}, ${String(count)} entries: first renders ${loads.map((ms) => fixed(ms)).join(', ')} ms`,
  );
  const applied: number[] = [];
  const painted: number[] = [];
  for (let drag = 0; drag < (variant.dx < 0 ? 0 : DRAGS); drag++) {
    const point = await grabPoint(page, variant.selector, drag * 3);
    const columnWidth =
      variant.dx === 0
        ? 0
        : await page.evaluate(() => {
            const column = document.querySelector<HTMLElement>('[data-technician-column]');
            return column?.getBoundingClientRect().width ?? 0;
          });
    const before = await page.evaluate(() => window.__schedulingBench?.moves ?? 0);
    await page.mouse.move(point.x, point.y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await page.mouse.move(point.x + (columnWidth * step) / 8, point.y + (60 * step) / 8);
    }
    await page.waitForTimeout(100);
    await page.mouse.up();
    await page.waitForFunction((n) => (window.__schedulingBench?.moves ?? 0) > n, before, {
      timeout: 60_000,
    });
    const probe = await page.evaluate(() => window.__schedulingBench);
    if (!probe) throw new Error('no probe');
    applied.push(probe.appliedAt - probe.pointerUpAt);
    painted.push(probe.paintedAt - probe.pointerUpAt);
    await page.waitForTimeout(200);
  }
  await page.context().close();
  return { firstRender: median(loads), drawing: median(drawings), applied, painted };
}

async function main(): Promise<void> {
  await bundle();
  let bench: BenchBrowser | undefined;
  const rows: string[] = [
    `| 50 technicians (median of ${String(LOADS)} loads, ${String(DRAGS)} drags) | entries | first render: navigation → painted | of which script start → painted | ratio 5,000/500 | drag: pointer up → move applied, median (max) | ratio | pointer up → next frame painted, median | goal met (≤ 1 s, applied ≤ ${String(FRAME_MS)} ms) |`,
    '|---|---|---|---|---|---|---|---|---|',
  ];
  try {
    bench = await launchBenchBrowser();
    // SCHEDULING_BENCH_ONLY=fc-week (a part of a variant's query) measures only the matching views.
    const only = process.env.SCHEDULING_BENCH_ONLY;
    for (const variant of VARIANTS.filter((v) => !only || v.query.includes(only))) {
      const results: Result[] = [];
      for (const count of COUNTS) results.push(await measure(bench.browser, variant, count));
      const [small, large] = results;
      if (!small || !large) continue;
      COUNTS.forEach((count, index) => {
        const result = results[index];
        if (!result) return;
        const drag = median(result.applied);
        const dragged = result.applied.length > 0;
        const met = result.firstRender <= 1000 && (!dragged || drag <= FRAME_MS) ? 'yes' : 'no';
        const grows = (a: number, b: number) => (index === 0 ? '' : fixed(a / b, 2));
        rows.push(
          `| ${variant.label} | ${count.toLocaleString('en-US')} | ${fixed(result.firstRender)} ms | ${fixed(result.drawing)} ms | ${grows(result.drawing, small.drawing)} | ${dragged ? `${fixed(drag, 1)} ms (${fixed(Math.max(...result.applied), 1)})` : '-'} | ${dragged ? grows(drag, median(small.applied)) : ''} | ${dragged ? `${fixed(median(result.painted), 1)} ms` : '-'} | ${met} |`,
        );
      });
    }
  } finally {
    await closeAll([async () => bench?.close()]);
  }
  const report = rows.join('\n');
  console.log(report);
  writeFileSync(path.join(repoRoot, '.tmp', 'bench-scheduling-browser.txt'), `${report}\n`);
}

await main();
