import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

describe.skipIf(!chromiumAvailable())('the shell: navigation, colour scheme, phone menu', () => {
  let server: ConsoleServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // KELVIN_WEB_DIST, as the server reads it, lets a build outside apps/web/dist be tested.
    const dist = process.env.KELVIN_WEB_DIST;
    server = await startConsoleServer(dist ? { KELVIN_WEB_DIST: dist } : {});
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await server.close();
  });

  async function open(
    email: string,
    viewport = { width: 1440, height: 900 },
    colorScheme: 'light' | 'dark' = 'light',
  ) {
    const context = await browser.newContext({ viewport, colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.url, email);
    return page;
  }
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
  const linkNames = async (page: Page) => {
    await expect.poll(() => nav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
    return nav(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? link.textContent));
  };
  const scheme = (page: Page) =>
    page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

  it('shows the sections with icons, marks the current page, and collapses to a rail the browser keeps', async () => {
    const page = await open('admin@kelvin.example');
    for (const section of ['Monitoring', 'Work', 'Administration', 'Settings'])
      expect(await nav(page).getByRole('region', { name: section }).count(), section).toBe(1);
    const dashboard = nav(page).getByRole('link', { name: 'Dashboard' });
    // The route settles after sign-in lands, so the mark is awaited rather than read once.
    await expect.poll(() => dashboard.getAttribute('aria-current')).toBe('page');
    expect(await dashboard.locator('svg').count()).toBe(1);

    await nav(page).getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.waitForURL(/#\/user\/tickets$/);
    await expect
      .poll(() => nav(page).getByRole('link', { name: 'Tickets', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    expect(await dashboard.getAttribute('aria-current')).toBeNull();

    await nav(page).getByRole('button', { name: 'Collapse navigation' }).click();
    const navWidth = () => nav(page).evaluate((element) => element.getBoundingClientRect().width);
    await expect.poll(navWidth).toBeLessThan(100);
    // The rail keeps every entry by name (its icon's accessible name and tooltip).
    await nav(page).getByRole('link', { name: 'Problems' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Problems');

    await page.reload();
    await expect.poll(() => nav(page).getByRole('button', { name: 'Expand navigation' }).count()).toBe(1);
    expect(await navWidth()).toBeLessThan(100);
    await nav(page).getByRole('button', { name: 'Expand navigation' }).click();
    await expect.poll(navWidth).toBeGreaterThan(200);
  });

  it('offers each role only what it may open', async () => {
    const expected: Record<string, { shown: string[]; hidden: string[] }> = {
      'operator@northwind.example': {
        shown: ['Dashboard', 'Devices', 'Problems', 'Diagnose', 'Tickets', 'Scheduling', 'General settings'],
        hidden: [
          'Uploads',
          'Orders',
          'Inventory',
          'Company administration',
          'Notification settings',
          'Usage',
        ],
      },
      'technician@kelvin.example': {
        shown: [
          'Devices',
          'Tickets',
          'Uploads',
          'Inventory',
          'Notification settings',
          'Company administration',
          'Scheduling',
        ],
        hidden: ['Orders', 'Usage'],
      },
      'admin@kelvin.example': {
        shown: [
          'Overview',
          'Uploads',
          'Orders',
          'Inventory',
          'Company administration',
          'Notification settings',
          'Scheduling',
          'Usage',
        ],
        hidden: [],
      },
    };
    for (const [email, { shown, hidden }] of Object.entries(expected)) {
      const page = await open(email);
      const names = await linkNames(page);
      for (const name of shown) expect(names, `${email} sees ${name}`).toContain(name);
      for (const name of hidden) expect(names, `${email} does not see ${name}`).not.toContain(name);
      await page.context().close();
    }
  });

  it('keeps the chosen colour scheme for the user, on another browser after signing in again', async () => {
    const page = await open('admin@northwind.example');
    expect(await scheme(page)).toBe('light');
    await page.getByRole('button', { name: 'User menu' }).click();
    const saved = page.waitForResponse((response) =>
      response.url().endsWith('/api/users/me/preferences.update'),
    );
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => scheme(page)).toBe('dark');
    expect((await saved).status()).toBe(200);
    await page.context().close();

    // A new browser: nothing of the first one's storage, its system scheme light. The server's choice wins.
    const again = await open('admin@northwind.example');
    await expect.poll(() => scheme(again)).toBe('dark');
    await again.reload();
    // The reload draws dark from the browser's copy before any answer of the server.
    await again.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') !== null,
    );
    expect(await scheme(again)).toBe('dark');

    // Before any of the console's own scripts run, the page is already dark (public/colorScheme.js): with them
    // held back, the reload still paints a dark page rather than a white flash.
    await again.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await again.reload({ waitUntil: 'load' });
    expect(await scheme(again)).toBe('dark');
    expect(await again.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(36, 36, 36)',
    );
  });

  it('opens the navigation as a drawer on a phone, nothing wider than the screen, with no tour over it', async () => {
    const page = await open('operator@fjord.example', { width: 390, height: 844 });
    // A new user meets the dashboard tour; the open menu keeps it waiting.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect
      .poll(() => nav(page).getByRole('link', { name: 'Tickets', exact: true }).isVisible())
      .toBe(true);
    const tour = page.getByRole('dialog', { name: 'Tour of the dashboard' });
    // The tour starts once the user's seen tours have arrived: after that, with the menu open, it must not show.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.endsWith('/api/users/me/tours')),
        ),
      )
      .toBe(true);
    await page.waitForTimeout(500);
    expect(await tour.count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect.poll(() => tour.count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
