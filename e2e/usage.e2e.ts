import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SHOTS = path.resolve('.tmp/shots/E');
/** A screen's first load: its lazy section and its data; long on a loaded machine. */
const FIRST_LOAD = { timeout: 30_000 };

/**
 * Usage analytics end to end (issue 25 item 5): screens a provider administrator opens are recorded by our own
 * server and listed on the usage page; a screen whose chunk cannot be fetched offers a reload instead of a blank.
 */
describe.skipIf(!chromiumAvailable())(
  'usage: page views recorded and shown; a chunk that fails to load',
  () => {
    let server: ConsoleServer;
    let browser: Browser;

    beforeAll(async () => {
      server = await startConsoleServer();
      browser = await launchChromium();
      mkdirSync(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    const openAs = async (
      width: number,
      height: number,
      scheme: 'light' | 'dark' = 'light',
    ): Promise<Page> => {
      // No service worker: its cached chunks would be served past the request routing below.
      const page = await browser.newPage({
        viewport: { width, height },
        colorScheme: scheme,
        serviceWorkers: 'block',
      });
      await signIn(page, server.url, 'admin@kelvin.example');
      return page;
    };

    it('lists the screens visited, by route pattern, on the usage page', async () => {
      const page = await openAs(1440, 900);
      for (const screen of ['tickets', 'orders', 'tickets']) {
        await page.goto(`${server.url}/#/user/${screen}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor(FIRST_LOAD);
      }
      // Hiding the page sends what waits at once (the recorder also sends every 5 s).
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      await page.goto(`${server.url}/#/user/usage`);
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor(FIRST_LOAD);
      const screens = page.getByRole('table').filter({ hasText: 'Screen' });
      await expect
        .poll(async () => (await screens.textContent()) ?? '', { timeout: 20_000 })
        .toContain('/user/tickets');
      expect(await screens.textContent()).toContain('/user/orders');
      expect(await screens.textContent()).toContain('/user/dashboard');
      await page.close();
    });

    it('shows the usage page on a desktop and a phone, light and dark', async () => {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        for (const scheme of ['light', 'dark'] as const) {
          const page = await openAs(width, height, scheme);
          await preferColorScheme(page, scheme);
          await page.goto(`${server.url}/#/user/usage`);
          await page.reload();
          await page.getByText('Most viewed screens').waitFor(FIRST_LOAD);
          // The chart draws once its frame has a width: wait for its canvas, not only the page's text.
          await page.locator('.uplot canvas').first().waitFor(FIRST_LOAD);
          await page.screenshot({ path: path.join(SHOTS, `usage-${width}-${scheme}.png`), fullPage: true });
          await page.getByRole('tab', { name: 'Client errors' }).click();
          await page.getByRole('tabpanel').waitFor();
          await page.screenshot({ path: path.join(SHOTS, `usage-errors-${width}-${scheme}.png`) });
          await page.close();
        }
      }
    });

    it('offers a reload when a screen chunk fails to load', async () => {
      const page = await openAs(1440, 900);
      await page.route(/\/assets\/UsagePage-[^/]*\.js$/, (route) => route.abort('failed'));
      await page.goto(`${server.url}/#/user/usage`);
      await page.getByText('This part of Kelvin could not be loaded').waitFor(FIRST_LOAD);
      // The shell stays around the error: the navigation is still there to go elsewhere.
      expect(await page.getByRole('navigation').count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, 'usage-chunk-failed-1440-light.png') });
      await page.unroute(/\/assets\/UsagePage-[^/]*\.js$/);
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor(FIRST_LOAD);
      await page.close();
    });
  },
);
