import type { Browser, Page } from 'playwright-core';
import { signIn } from '../../e2e/support/signIn.ts';
import { installLiveProbe, readDraws, watchCell } from '../liveLatency/livePageProbe.ts';

/** Probe values stay under 1,000 so that no thousands separator hides them in the cell's text. */
const probeValue = (index: number) => 100 + (index % 900);
const numberIn = (text: string) => Number(/-?\d+(?:\.\d+)?/.exec(text)?.[0] ?? Number.NaN);

export interface PixelProbe {
  /** Writes the next probe value (through the agent's ingest call, as a sensor would). */
  send(): Promise<void>;
  /** Sensor → pixel of each probe sent since the last call and due by now, per page; misses counted. */
  take(): Promise<{ pixelMs: number[]; missed: number }>;
  close(): Promise<void>;
}

/**
 * `pages` Chromium pages on the probe unit's live view, through the cluster's one address (HAProxy puts each on
 * a process by its sticky cookie). Each probe value is timed from the moment it was sent to the first animation
 * frame after a page's cell shows it (the page's clock and this process's are the same machine's).
 */
export async function openPixelProbe(
  browser: Browser,
  options: {
    url: string;
    email: string;
    agentKey: string;
    probeUnitId: number;
    aliases: readonly string[];
    pages: number;
  },
): Promise<PixelProbe> {
  const [alias] = options.aliases;
  if (alias === undefined) throw new Error('The probe needs a metric');
  const ingest = async (points: { alias: string; value: number }[], ts: number) => {
    const response = await fetch(`${options.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': options.agentKey },
      body: JSON.stringify({
        points: points.map((point) => ({ ...point, assetId: options.probeUnitId, ts })),
      }),
    });
    if (!response.ok) throw new Error(`probe ingest answered ${response.status}: ${await response.text()}`);
  };
  // Every metric once, so that the live view lists them all.
  await ingest(
    options.aliases.map((each) => ({ alias: each, value: 50 })),
    Date.now(),
  );
  const pages: Page[] = [];
  for (let index = 0; index < options.pages; index++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await installLiveProbe(page);
    await signIn(page, options.url, options.email);
    await page.goto(`${options.url}/#/user/devices/${options.probeUnitId}/liveView`);
    await page.getByTestId(`value-${alias}`).waitFor({ timeout: 60_000 });
    await watchCell(page, alias);
    pages.push(page);
  }
  const sent: number[] = [];
  let taken = 0;
  return {
    async send() {
      const sentAt = Date.now();
      sent.push(sentAt);
      await ingest([{ alias, value: probeValue(sent.length - 1) }], sentAt);
    },
    async take() {
      // A probe a page has had 5 s to draw; later ones wait for the next call.
      const due = sent.filter((sentAt, index) => index >= taken && sentAt < Date.now() - 5000);
      const pixelMs: number[] = [];
      let missed = 0;
      for (const page of pages) {
        const draws = await readDraws(page);
        due.forEach((sentAt, offset) => {
          const value = probeValue(taken + offset);
          const drawn = draws.find(([text, at]) => numberIn(text) === value && at >= sentAt);
          if (drawn) pixelMs.push(drawn[1] - sentAt);
          else missed += 1;
        });
      }
      taken += due.length;
      return { pixelMs, missed };
    },
    async close() {
      for (const page of pages) await page.context().close();
    },
  };
}
