import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ASSET_TYPE } from '@kelvin/domain';
import { startSimulator, type Simulator } from '../apps/server/src/demo/simulator.ts';
import { assets, users } from '../apps/server/src/platform/db/schema.ts';
import { axeFindings, formatScreenReport, sortFindings } from './support/axe.ts';
import { KNOWN_FINDINGS } from './support/axeKnownFindings.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SHOTS = path.resolve('.tmp/shots/C');
const USER = 'admin@northwind.example';
const TIME = /^\d\d:\d\d:\d\d [AP]M$/;

describe.skipIf(!chromiumAvailable())('Settings → General: time zone, units profile and demo mode', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let simulator: Simulator;
  let unitId = 0;
  let siteName = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const dist = process.env.KELVIN_WEB_DIST;
    server = await startConsoleServer(dist ? { KELVIN_WEB_DIST: dist } : {});
    browser = await launchChromium();
    const db = server.database.db;
    const [northwind] = await db.select().from(users).where(eq(users.email, USER));
    const companyId = northwind?.companyId ?? 0;
    // A Northwind unit in a hall with an agent, which the simulator streams.
    const halls = await db
      .select({ hallId: assets.parentAssetId })
      .from(assets)
      .where(eq(assets.assetTypeId, ASSET_TYPE.agent));
    const [unit] = await db
      .select({ assetId: assets.assetId })
      .from(assets)
      .where(
        and(
          eq(assets.assetTypeId, ASSET_TYPE.unit),
          eq(assets.companyId, companyId),
          inArray(
            assets.parentAssetId,
            halls.flatMap((hall) => (hall.hallId === null ? [] : [hall.hallId])),
          ),
        ),
      )
      .orderBy(asc(assets.assetId))
      .limit(1);
    unitId = unit?.assetId ?? 0;
    const [site] = await db
      .select({ name: assets.name })
      .from(assets)
      .where(and(eq(assets.assetTypeId, ASSET_TYPE.site), eq(assets.companyId, companyId)))
      .limit(1);
    siteName = site?.name ?? '';
    simulator = await startSimulator({
      db,
      timeseries: server.timeseries,
      log: server.app.log,
      baseUrl: server.url,
      options: { enabled: true, intervalMs: 1_000, metricsPerUnit: 60, backfillUnits: 0, transport: 'http' },
    });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await simulator.stop();
    await browser.close();
    await server.close();
  });

  async function open(viewport = { width: 1440, height: 900 }, colorScheme: 'light' | 'dark' = 'light') {
    // The browser's own zone is UTC, so that a chosen zone visibly moves the times.
    const context = await browser.newContext({ viewport, colorScheme, timezoneId: 'UTC' });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.url, USER);
    return page;
  }
  const settings = async (page: Page) => {
    await page.goto(`${server.url}/#/user/settings/general`);
    await expect.poll(() => page.getByRole('heading', { name: 'General settings' }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('radio', { name: 'Imperial' }).count(), { timeout: 15_000 })
      .toBe(1);
  };
  const toast = (page: Page, text: string) =>
    expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
  const firstTicketTime = async (page: Page) => {
    await page.goto(`${server.url}/#/user/tickets`);
    const times = page.getByText(TIME);
    await expect.poll(() => times.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    return times.first().textContent();
  };
  const liveValue = async (page: Page) => {
    await page.goto(`${server.url}/#/user/devices/${unitId}/liveView`);
    const search = page.getByRole('textbox', { name: 'Search metrics' });
    await expect.poll(() => search.count(), { timeout: 30_000 }).toBe(1);
    await search.fill('supplyAir');
    return page.getByTestId('value-temperature.supplyAir');
  };

  it('each choice applies across the console and is kept for the user', async () => {
    const page = await open();
    const before = await firstTicketTime(page);
    const value = await liveValue(page);
    await expect.poll(() => value.textContent(), { timeout: 20_000 }).toMatch(/°C$/);
    const tree = page.getByRole('tree', { name: 'Asset hierarchy' });
    await expect.poll(() => tree.getByText(siteName, { exact: true }).count(), { timeout: 15_000 }).toBe(1);

    await settings(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SHOTS, `settings-1440-${scheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Units: imperial.
    await page.getByRole('radio', { name: 'Imperial' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Imperial' }).isChecked()).toBe(true);
    await toast(page, 'Units profile saved');
    // Time zone: Tokyo, nine hours from the browser's UTC.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Tokyo');
    await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
    await toast(page, 'Time zone saved');
    expect(await page.getByRole('checkbox', { name: /Use this browser's time zone/ }).isChecked()).toBe(
      false,
    );
    // Demo mode: on, with the header's badge.
    await page.getByRole('switch', { name: 'Mask company, site and asset names' }).check();
    await toast(page, 'Demo mode saved');
    await expect.poll(() => page.getByRole('link', { name: 'Demo mode' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'settings-chosen-1440-light.png'), fullPage: true });

    const after = await firstTicketTime(page);
    expect(after).not.toBe(before);
    const moved = await liveValue(page);
    await expect.poll(() => moved.textContent(), { timeout: 20_000 }).toMatch(/°F$/);
    await expect.poll(() => tree.getByText(/^Site \d+$/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await tree.getByText(siteName, { exact: true }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'live-view-imperial-demo-1440.png') });

    // A reload, and a second browser of the same user, keep all three.
    await page.reload();
    await settings(page);
    expect(await page.getByRole('radio', { name: 'Imperial' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Mask company, site and asset names' }).isChecked()).toBe(
      true,
    );
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(/^Asia\/Tokyo/);
    const phone = await open({ width: 390, height: 844 });
    await settings(phone);
    expect(await phone.getByRole('radio', { name: 'Imperial' }).isChecked()).toBe(true);
    expect(await phone.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(/^Asia\/Tokyo/);
    for (const scheme of ['light', 'dark'] as const) {
      await phone.emulateMedia({ colorScheme: scheme });
      await phone.screenshot({ path: path.join(SHOTS, `settings-390-${scheme}.png`), fullPage: true });
      // No serious or critical accessibility finding, in either scheme.
      const sorted = sortFindings(await axeFindings(phone), 'settings: general', KNOWN_FINDINGS);
      expect(sorted.blocking, formatScreenReport(`settings: general (${scheme})`, sorted)).toEqual([]);
    }
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Back to the browser's zone, metric and names shown: the times and values read as at first.
    await page.getByRole('checkbox', { name: /Use this browser's time zone/ }).check();
    await toast(page, 'Time zone saved');
    await page.getByRole('radio', { name: 'Metric' }).check();
    await page.getByRole('switch', { name: 'Mask company, site and asset names' }).uncheck();
    await expect.poll(() => page.getByRole('link', { name: 'Demo mode' }).count()).toBe(0);
    expect(await firstTicketTime(page)).toBe(before);
  });
});
