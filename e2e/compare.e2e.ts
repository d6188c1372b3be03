import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASSET_TYPE } from '@kelvin/domain';
import { assetProperties, assets, metrics, users } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SCREENS = path.resolve('.tmp/screens');
const SUPPLY_AIR = 'temperature.supplyAir';
/** The machines are shared and slow at times: a screen is given this long to show what is awaited. */
const PATIENCE = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('compare units: last values side by side and charted together', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let units: { assetId: number; name: string }[] = [];
  let supplyAirName = '';

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const db = server.database.db;
    const [northwind] = await db.select().from(users).where(eq(users.email, 'admin@northwind.example'));
    const fleet = await db
      .select({ assetId: assets.assetId })
      .from(assets)
      .where(and(eq(assets.assetTypeId, ASSET_TYPE.unit), eq(assets.companyId, northwind?.companyId ?? 0)))
      .orderBy(asc(assets.assetId));
    // The tree shows units by their name property; two whose names no other unit of the company shares.
    const named = await db
      .select({ assetId: assetProperties.assetId, value: assetProperties.value })
      .from(assetProperties)
      .where(
        and(
          eq(assetProperties.name, 'name'),
          inArray(
            assetProperties.assetId,
            fleet.map((unit) => unit.assetId),
          ),
        ),
      );
    const counts = new Map<string, number>();
    for (const row of named) counts.set(row.value, (counts.get(row.value) ?? 0) + 1);
    units = fleet
      .flatMap((unit) => {
        const name = named.find((row) => row.assetId === unit.assetId)?.value;
        return name !== undefined && counts.get(name) === 1 ? [{ assetId: unit.assetId, name }] : [];
      })
      .slice(0, 2);
    expect(units).toHaveLength(2);
    const [metric] = await db.select().from(metrics).where(eq(metrics.alias, SUPPLY_AIR));
    supplyAirName = metric?.name ?? SUPPLY_AIR;

    // An hour of supply air every 30 s; the second unit runs 1.2 °C warmer, ending at 22.7 against 21.5.
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
    const token = await server.mintIdToken(admin?.identityId ?? '');
    const now = Date.now();
    const points = units.flatMap((unit, index) =>
      Array.from({ length: 120 }, (_, step) => ({
        assetId: unit.assetId,
        alias: SUPPLY_AIR,
        ts: now - 3_600_000 + (step + 1) * 30_000 - 5_000,
        value: 21.5 + index * 1.2 + (step === 119 ? 0 : Math.sin(step / 9)),
        status: 0x01,
      })),
    );
    const answer = await fetch(`${server.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ points }),
    });
    expect(answer.status).toBe(200);
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  const valueCells = (page: Page) =>
    page
      .getByRole('table', { name: 'Last values of the compared units' })
      .getByRole('row', { name: new RegExp(supplyAirName) })
      .getByRole('cell');

  async function pickUnit(page: Page, name: string) {
    const search = page.getByRole('textbox', { name: /Find an asset/ });
    await search.fill(name);
    await page.getByRole('tree', { name: 'Asset hierarchy' }).getByText(name, { exact: true }).click();
  }

  /** Values in, and the charts drawn at their width (a new width asks for new series). */
  async function settled(page: Page) {
    try {
      await expect
        .poll(() => valueCells(page).allTextContents(), PATIENCE)
        .toEqual(['21.5 °C', '22.7 °C+1.2 °C']);
      await expect.poll(() => page.getByText('Loading…').count(), PATIENCE).toBe(0);
      await expect.poll(() => page.getByLabel(/^Updating /).count(), PATIENCE).toBe(0);
      // Loaded, and the chart has the readings to draw.
      expect(await page.getByText('No data in this range').count()).toBe(0);
    } catch (error) {
      // What the page showed instead, for whoever reads the failure.
      await page.screenshot({ path: path.join(SCREENS, 'compare-failure.png'), fullPage: true });
      throw error;
    }
  }

  async function screenshots(page: Page, scheme: 'light' | 'dark') {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await settled(page);
      await page.screenshot({
        path: path.join(SCREENS, `compare-${width}-${scheme}.png`),
        fullPage: width < 800,
      });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  it('picks two units and a metric, and shows both units’ values side by side and on one chart', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Compare units' })
      .click();
    await expect.poll(() => page.getByText('Pick the units to compare').count(), PATIENCE).toBe(1);
    await page.screenshot({ path: path.join(SCREENS, 'compare-empty-1440-light.png') });

    const [reference, other] = units;
    if (!reference || !other) throw new Error('The demo has no two units');
    await pickUnit(page, reference.name);
    await expect.poll(() => page.getByText('Pick one more unit').count(), PATIENCE).toBe(1);
    await pickUnit(page, other.name);
    await expect.poll(() => page.getByText('Choose the metrics to compare').count(), PATIENCE).toBe(1);
    // The address names the units, so that it can be shared.
    expect(page.url()).toContain(`assetIds=${reference.assetId},${other.assetId}`);

    const picker = page.getByRole('textbox', { name: /Metrics to compare/ });
    await picker.click();
    await picker.fill(SUPPLY_AIR);
    await page.getByRole('option', { name: `${supplyAirName} ${SUPPLY_AIR}`, exact: true }).click();
    await page.keyboard.press('Escape');

    // Live values side by side: the reference's, then the other's with its difference.
    await settled(page);
    expect(await valueCells(page).nth(1).getAttribute('data-difference')).toBe('higher');

    // One chart of the metric, a line per unit named by the unit.
    const chart = page.getByRole('img', { name: new RegExp(`^${supplyAirName}: `) });
    await expect.poll(() => chart.count(), PATIENCE).toBe(1);
    for (const unit of units) {
      await expect
        .poll(() => page.getByRole('button', { name: `Hide ${unit.name}` }).count(), PATIENCE)
        .toBe(1);
    }
    await screenshots(page, 'light');

    // The same page in the dark scheme, opened again from its address (the store and the link agree).
    await preferColorScheme(page, 'dark');
    await page.reload();
    await screenshots(page, 'dark');
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await page.close();
  });
});
