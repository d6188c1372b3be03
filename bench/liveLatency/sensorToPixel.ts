import type { Browser, Page } from 'playwright-core';
import { livePath } from '@kelvin/contract';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { signIn } from '../../e2e/support/signIn.ts';
import { ingest } from '../diagnoseBrowser/benchFleet.ts';
import type { LiveBench } from './liveBenchSetup.ts';
import { installLiveProbe, readDraws, watchCell } from './livePageProbe.ts';
import type { SocketArrivals, SocketViewersJob } from './socketViewers.ts';

const arrivalsSchema = z.record(z.string(), z.array(z.number()));

/** Starts socketViewers.ts in a child process and waits until its clients are subscribed. */
async function forkSocketViewers(
  job: SocketViewersJob,
): Promise<{ count: number; report(): Promise<SocketArrivals> }> {
  const child = fork(fileURLToPath(new URL('./socketViewers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LIVE_VIEWERS_JOB: JSON.stringify(job) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) =>
      message === 'ready' ? resolve() : reject(new Error(JSON.stringify(message))),
    );
    child.once('exit', (code) => reject(new Error(`the socket viewers exited with ${String(code)}`)));
  });
  return {
    count: job.count,
    report: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(arrivalsSchema.parse(message)));
        child.send('report');
      }),
  };
}

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
 * the same paths (in a child process); `probes` values written one by one through the ingest call, each timed to each viewer.
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
  const viewers = await forkSocketViewers({
    url,
    token,
    paths,
    probePath,
    count: options.viewers - options.pages,
  });
  console.log(
    `viewers ready: ${pages.length} Chromium pages, ${viewers.count} socket.io clients (own process)`,
  );
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
  const arrivals = await viewers.report();
  const socket: number[] = [];
  let missedSockets = 0;
  sent.forEach((sentAt, index) => {
    const times = arrivals[String(probeValue(index))] ?? [];
    missedSockets += viewers.count - times.length;
    for (const at of times) socket.push(at - sentAt);
  });
  return { pixel, socket, ack, pages: pages.length, sockets: viewers.count, missedPixels, missedSockets };
}
