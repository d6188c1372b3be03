import type { Browser, Page } from 'playwright-core';
import { livePath } from '@kelvin/contract';
import { connectLive, type TestLiveClient } from '../../apps/server/src/platform/live/liveTestClient.ts';
import { signIn } from '../../e2e/support/signIn.ts';
import { ingest } from '../diagnoseBrowser/benchFleet.ts';
import type { LiveBench } from './liveBenchSetup.ts';
import { installLiveProbe, readDraws, watchCell } from './livePageProbe.ts';

export interface SensorToPixel {
  /** Ingest call start → next frame after the cell showed the value, per page and probe, ms. */
  pixel: number[];
  /** Ingest call start → arrival at a bare socket.io client, per client and probe, ms. */
  socket: number[];
  /** Ingest call start → its answer, ms. */
  ack: number[];
  pages: number;
  sockets: number;
  missedPixels: number;
  missedSockets: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Probe values stay under 1,000 so that no thousands separator hides them in the cell's text. */
const probeValue = (index: number) => 100 + index;
const numberIn = (text: string) => Number(/-?\d+(?:\.\d+)?/.exec(text)?.[0] ?? Number.NaN);

async function openViewerPage(browser: Browser, url: string, bench: LiveBench): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await installLiveProbe(page);
  await signIn(page, url, 'admin@kelvin.example');
  await page.goto(`${url}/#/user/devices/${bench.probeUnit}/liveView`);
  await page.getByTestId(`value-${bench.probeAlias}`).waitFor({ timeout: 60_000 });
  await watchCell(page, bench.probeAlias);
  return page;
}

/**
 * `pages` Chromium pages on the probe unit's live view and `viewers - pages` bare socket.io clients subscribed to
 * the same paths; `probes` values written one by one through the ingest call, each timed to each viewer.
 */
export async function measureSensorToPixel(
  browser: Browser,
  url: string,
  bench: LiveBench,
  options: { viewers: number; pages: number; probes: number; gapMs: number },
): Promise<SensorToPixel> {
  const token = bench.fleet.token;
  // The unit reports its metrics once, so that the live view lists them and the viewers subscribe to them all.
  const now = Date.now();
  await ingest(
    url,
    token,
    bench.probeAliases.map((alias) => ({ assetId: bench.probeUnit, alias, ts: now, value: 50 })),
  );
  const pages: Page[] = [];
  for (let index = 0; index < options.pages; index++) pages.push(await openViewerPage(browser, url, bench));
  const metricIds = bench.fleet.metricIds;
  const paths = metricIds.map((metricId) => livePath(bench.probeUnit, metricId));
  const probePath = livePath(bench.probeUnit, metricIds[0] ?? 0);
  const arrivals = new Map<number, number[]>();
  const clients: TestLiveClient[] = [];
  for (let index = options.pages; index < options.viewers; index++) {
    const client = await connectLive(url, token);
    await client.subscribe(paths);
    // Only the arrival time is kept: parsing and storing every update would measure this process, not the path.
    client.socket.off('metricValueStateUpdate');
    client.socket.on('metricValueStateUpdate', (update: { path?: unknown; value?: unknown }) => {
      if (update.path !== probePath || typeof update.value !== 'number') return;
      const list = arrivals.get(update.value) ?? [];
      list.push(Date.now());
      arrivals.set(update.value, list);
    });
    clients.push(client);
  }
  console.log(`viewers ready: ${pages.length} Chromium pages, ${clients.length} socket.io clients`);
  const sent: number[] = [];
  const ack: number[] = [];
  for (let index = 0; index < options.probes; index++) {
    const sentAt = Date.now();
    sent.push(sentAt);
    await ingest(url, token, [
      { assetId: bench.probeUnit, alias: bench.probeAlias, ts: sentAt, value: probeValue(index) },
    ]);
    ack.push(Date.now() - sentAt);
    await sleep(options.gapMs);
  }
  await sleep(3000);
  const pixel: number[] = [];
  let missedPixels = 0;
  for (const page of pages) {
    const draws = await readDraws(page);
    sent.forEach((sentAt, index) => {
      const drawn = draws.find(([text]) => numberIn(text) === probeValue(index));
      if (drawn) pixel.push(drawn[1] - sentAt);
      else missedPixels += 1;
    });
    await page.context().close();
  }
  const socket: number[] = [];
  let missedSockets = 0;
  sent.forEach((sentAt, index) => {
    const times = arrivals.get(probeValue(index)) ?? [];
    missedSockets += clients.length - times.length;
    for (const at of times) socket.push(at - sentAt);
  });
  for (const client of clients) client.close();
  return { pixel, socket, ack, pages: pages.length, sockets: clients.length, missedPixels, missedSockets };
}
