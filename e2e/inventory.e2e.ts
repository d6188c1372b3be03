import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../apps/server/src/config.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SHOTS = path.join(repoRoot, '.tmp', 'screenshots', 'inventory');
const COSTS = ['Quantity', 'Estimated Cost', 'Average Cost', 'Last Purchase Price'];

async function openInventory(page: Page, serverUrl: string) {
  await page.goto(`${serverUrl}/#/user/inventory`);
  await expect.poll(() => page.getByRole('heading', { name: 'Global Consumables' }).count()).toBe(1);
  const table = page.getByRole('table', { name: 'Parts' });
  await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBe(21);
  return table;
}

const headers = (page: Page) =>
  page.getByRole('table', { name: 'Parts' }).getByRole('columnheader').allTextContents();

describe.skipIf(!chromiumAvailable())('Global Consumables (inventory)', () => {
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

  it('shows provider staff the cost columns, and a search narrows the parts', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'technician@kelvin.example');
    const table = await openInventory(page, server.url);
    const columnNames = await headers(page);
    for (const column of COSTS) expect(columnNames).toContain(column);
    const total = await page.getByText(/^Showing 1–20 of \d+$/).textContent();
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.screenshot({ path: path.join(SHOTS, `provider-${scheme}.png`) });
    }

    await page.getByLabel('Search').fill('danfoss');
    await expect.poll(() => page.getByText(/^Showing 1–\d+ of \d+$/).textContent()).not.toBe(total);
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row.toLowerCase()).toContain('danfoss');

    await page.getByRole('tab', { name: 'Services' }).click();
    const services = page.getByRole('table', { name: 'Services' });
    await page.getByLabel('Search').fill('labor');
    await expect.poll(() => services.getByText('LABOR-FIELD').count(), { timeout: 20_000 }).toBe(1);
    expect(await services.getByRole('columnheader', { name: 'Estimated Cost' }).count()).toBe(1);
    await page.close();
  });

  it('shows a customer user no quantity or cost columns', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await openInventory(page, server.url);
    const columnNames = await headers(page);
    for (const column of COSTS) expect(columnNames).not.toContain(column);
    expect(columnNames).toContain('Sales Price');
    await page.screenshot({ path: path.join(SHOTS, 'customer-light.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.screenshot({ path: path.join(SHOTS, `customer-phone-${scheme}.png`) });
    }
    await page.close();
  });
});
