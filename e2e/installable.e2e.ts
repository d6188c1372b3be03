import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const FIRST_LOAD = { timeout: 30_000 };

/**
 * Issue 23, item 9: the console installs as a web app (a manifest with its icons, a service worker that keeps the
 * console's own files), so that it opens without a network. Automated browsers install the worker only when asked
 * (localStorage kelvin.serviceWorker = on), which this test does.
 */
describe.skipIf(!chromiumAvailable())('the console as an installed web app', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('has a manifest with its icons, installs its worker, and opens its page with no network', async () => {
    const manifest = z
      .object({
        name: z.string(),
        display: z.string(),
        start_url: z.string(),
        icons: z.array(z.object({ src: z.string(), sizes: z.string() })),
      })
      .parse(await (await fetch(`${server.url}/manifest.webmanifest`)).json());
    expect(manifest).toMatchObject({ name: 'Kelvin', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(`${server.url}${icon.src}`)).status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript({ content: "localStorage.setItem('kelvin.serviceWorker', 'on');" });
    const page = await context.newPage();
    await signIn(page, server.url, 'technician@kelvin.example');
    await page.getByRole('banner').waitFor(FIRST_LOAD);
    // Registered once the first screen is idle; it takes over the page at once (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, FIRST_LOAD);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      let count = 0;
      for (const name of names) count += (await (await caches.open(name)).keys()).length;
      return count;
    });
    expect(cached).toBeGreaterThan(20);

    // No network: the console's page and scripts still come, from the device.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.title(), FIRST_LOAD).toBe('Kelvin');
    await page.getByRole('banner').waitFor(FIRST_LOAD);
    await context.setOffline(false);
    await context.close();
  });
});
