import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { contract } from '@kelvin/contract';
import { DEMO_LIBRARY_RULES } from '../apps/server/src/demo/seedProblemRules.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleProcess, type ConsoleProcess } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SCREENS = path.resolve('.tmp/screens');
/** Issue 22: every demo unit live within 10 s of /healthz, the first detected problem within 60 s. */
const ALL_LIVE_MS = 10_000;
const FIRST_PROBLEM_MS = 60_000;
/** Sign-in and a screen's first load take long on a loaded two-core machine; the times asserted are the server's. */
const SCREEN_TEST_MS = 150_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const report = (line: string) => process.stdout.write(`aliveAtOnce: ${line}\n`);

/**
 * A fresh `npm start`, timed from the server's first /healthz answer. When the data arrived is read from the server
 * (its log of every unit's first values taken, a problem's creation time), so that a slow browser on a loaded
 * machine does not hide it; what a user sees is then checked on the screens.
 */
describe.skipIf(!chromiumAvailable())('alive at once: a fresh npm start on an empty data directory', () => {
  let server: ConsoleProcess;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
    server = await startConsoleProcess();
    mkdirSync(SCREENS, { recursive: true });
    report(`start → /healthz ${seconds(server.healthyAt - server.startedAt)}`);
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  it(
    'has values from every demo unit within 10 s of /healthz, and the overview shows none lost',
    async () => {
      const everyUnit = await server.loggedAt('demo simulator: every unit has sent', 60_000);
      report(`/healthz → every unit has sent ${seconds(everyUnit - server.healthyAt)}`);
      expect(everyUnit - server.healthyAt).toBeLessThanOrEqual(ALL_LIVE_MS);

      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, server.url, 'admin@kelvin.example');
      await page.goto(`${server.url}/#/user/overview`);
      const region = page.getByRole('region', { name: 'Units by data hall' });
      const tiles = region.locator('button[data-asset-id]');
      await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // Tiles are drawn from the fleet first and coloured when its health arrives.
      await expect.poll(() => region.locator('button[data-unknown]').count(), { timeout: 30_000 }).toBe(0);
      report(`/healthz → overview drawn with health ${seconds(Date.now() - server.healthyAt)}`);
      // Values arrived before the screen asked: no unit is 'Communication lost', from its first answer on.
      expect(await region.locator('button[data-state="COMMUNICATION_LOST"]').count()).toBe(0);
      expect(await region.locator('button[data-state="HEALTHY"]').count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENS, 'alive-overview-1440.png') });

      // A unit's live view says it is sending and shows its values.
      const healthy = region.locator('button[data-state="HEALTHY"]').first();
      await healthy.click();
      await page.waitForURL(/\/devices\/\d+/);
      await expect
        .poll(() => page.getByText('Sending', { exact: true }).count(), { timeout: 30_000 })
        .toBe(1);
      expect(await page.getByText('This unit stopped sending').count()).toBe(0);
      // A value, not the dashes of a row still waiting for one.
      const values = page.getByTestId(/^value-/).filter({ hasNotText: /^-+$/ });
      await expect.poll(() => values.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENS, 'alive-liveview-1440.png') });
      await page.close();
    },
    SCREEN_TEST_MS,
  );

  it(
    'opens a problem within 60 s of /healthz and lists it on the problems screen',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      // When the listed problems were created (server time; the same machine's clock as /healthz).
      let firstOpened = Infinity;
      page.on('response', (response) => {
        if (!response.url().endsWith('/api/detectedProblems.list') || !response.ok()) return;
        response
          .json()
          .then((body: unknown) => {
            const listed = contract.detectedProblemsList.output.parse(body);
            for (const problem of listed.content)
              firstOpened = Math.min(firstOpened, Date.parse(problem.createdAt));
          })
          // An answer the page reloaded away from cannot be read; the next one will be.
          .catch(() => undefined);
      });
      await signIn(page, server.url, 'admin@kelvin.example');
      await page.goto(`${server.url}/#/user/problems`);
      const table = page.getByRole('table', { name: 'Detected problems' });
      const nothingOpen = page.getByText(/^No open problem in this time range/);
      // A row of one of the demo's rules; the screen is loaded again until one is there.
      const ruleNames = new RegExp(DEMO_LIBRARY_RULES.map((rule) => rule.name).join('|'));
      const problemRows = table.getByRole('row').filter({ hasText: ruleNames });
      const listed = async () => {
        await table.or(nothingOpen).first().waitFor({ timeout: 30_000 });
        const count = await problemRows.count();
        if (count === 0) await page.reload();
        return count;
      };
      await expect.poll(listed, { timeout: FIRST_PROBLEM_MS, interval: 1_000 }).toBeGreaterThan(0);
      await expect.poll(() => firstOpened).toBeLessThan(Infinity);
      report(
        `/healthz → first problem opened ${seconds(firstOpened - server.healthyAt)}, ` +
          `listed on the problems screen by ${seconds(Date.now() - server.healthyAt)}`,
      );
      await page.screenshot({ path: path.join(SCREENS, 'alive-problems-1440.png') });
      expect(firstOpened - server.healthyAt).toBeLessThanOrEqual(FIRST_PROBLEM_MS);
      await page.close();
    },
    SCREEN_TEST_MS,
  );
});
