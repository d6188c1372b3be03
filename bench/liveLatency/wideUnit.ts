import type { Browser } from 'playwright-core';
import { signIn } from '../../e2e/support/signIn.ts';
import { ingest } from '../diagnoseBrowser/benchFleet.ts';
import { installLiveProbe, recordFrames } from './livePageProbe.ts';

export interface WideUnitRun {
  metrics: number;
  /** Values the ingest call acknowledged per second while measuring. */
  valuesPerSecond: number;
  scrolling: { frames: number[]; taskShare: number; scriptShare: number };
  idle: { frames: number[]; taskShare: number; scriptShare: number };
}

const TICK_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The live view of one unit whose `aliases` each get `perMinute` values a minute (sent every half second) while
 * the page is measured `ms` scrolling the list and `ms` idle.
 */
export async function measureWideUnit(
  browser: Browser,
  url: string,
  token: string,
  unit: { assetId: number; aliases: readonly string[] },
  options: { perMinute: number; ms: number },
): Promise<WideUnitRun> {
  const point = (alias: string, index: number, ts: number) => ({
    assetId: unit.assetId,
    alias,
    ts,
    value: Math.round((20 + 5 * Math.sin(ts / 3000 + index)) * 10) / 10,
  });
  // One value of each metric first: the unit's metric list comes from what it has reported.
  const first = Date.now();
  await ingest(
    url,
    token,
    unit.aliases.map((alias, index) => point(alias, index, first)),
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await installLiveProbe(page);
  await signIn(page, url, 'admin@kelvin.example');
  await page.goto(`${url}/#/user/devices/${unit.assetId}/liveView`);
  await page.getByTestId(`value-${unit.aliases[0] ?? ''}`).waitFor({ timeout: 60_000 });

  const perTick = (options.perMinute / 60) * (TICK_MS / 1000);
  const load = { running: true, sent: 0 };
  const feeding = (async () => {
    const startedAt = Date.now();
    for (let tick = 1; load.running; tick++) {
      const ts = Date.now();
      // perTick values of each metric per tick, spread a few ms apart so that each is a distinct reading.
      const points = Array.from({ length: Math.max(1, Math.round(perTick)) }, (_, repeat) =>
        unit.aliases.map((alias, index) => point(alias, index, ts + repeat)),
      ).flat();
      load.sent += await ingest(url, token, points);
      await sleep(Math.max(0, startedAt + tick * TICK_MS - Date.now()));
    }
  })();
  const startedAt = performance.now();
  const scrolling = await recordFrames(context, page, options.ms, true);
  const idle = await recordFrames(context, page, options.ms, false);
  const seconds = (performance.now() - startedAt) / 1000;
  load.running = false;
  await feeding;
  await context.close();
  return { metrics: unit.aliases.length, valuesPerSecond: load.sent / seconds, scrolling, idle };
}
