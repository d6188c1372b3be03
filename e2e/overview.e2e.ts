import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { assetProperties, assets, companies, users } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');
/** Units and make-up-air units: what the overview draws as tiles. */
const TILE_TYPES = [4, 70];
/** The first screen after sign-in loads its section and the whole fleet: longer than expect.poll's second. */
const FIRST_LOAD = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('overview: the demo fleet as tiles', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let tiles = 0;
  let fjordTiles = 0;
  let unit = { assetId: 0, name: '' };

  beforeAll(async () => {
    // OVERVIEW_E2E_WEB_DIST: a build of one's own, so that work in progress need not replace apps/web/dist.
    const webDist = process.env.OVERVIEW_E2E_WEB_DIST;
    server = await startConsoleServer(webDist ? { KELVIN_WEB_DIST: webDist } : {});
    browser = await launchChromium();
    const db = server.database.db;
    const fleet = await db
      .select({ assetId: assets.assetId, companyId: assets.companyId })
      .from(assets)
      .where(inArray(assets.assetTypeId, TILE_TYPES))
      .orderBy(asc(assets.assetId));
    tiles = fleet.length;
    const [fjord] = await db.select().from(companies).where(eq(companies.name, 'Fjord Colocation'));
    fjordTiles = fleet.filter((asset) => asset.companyId === fjord?.companyId).length;
    const first = fleet[0];
    const [name] = await db
      .select({ value: assetProperties.value })
      .from(assetProperties)
      .where(and(eq(assetProperties.assetId, first?.assetId ?? 0), eq(assetProperties.name, 'name')));
    unit = { assetId: first?.assetId ?? 0, name: name?.value ?? '' };
    // The first unit sends a reading now: it is the one unit heard from (nothing else runs the simulator here).
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
    const token = await server.mintIdToken(admin?.identityId ?? '');
    const answer = await fetch(`${server.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        points: [{ assetId: unit.assetId, alias: 'temperature.supplyAir', ts: Date.now(), value: 18.4 }],
      }),
    });
    expect(answer.status).toBe(200);
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('shows every unit of the demo fleet by hall and health, and opens one', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // A load of its own (another URL than the dashboard's), so that the calls counted below are the overview's.
    await page.goto(`${server.url}/?overview#/user/overview`);
    const region = page.getByRole('region', { name: 'Units by data hall' });
    const tileButtons = region.locator('button[data-asset-id]');
    await expect.poll(() => tileButtons.count(), FIRST_LOAD).toBe(tiles);
    // Grouped by company, site, building and hall.
    const hall = page.getByRole('region', {
      name: 'Northwind Data Centers › Northwind Ashburn › Building A › Data Hall 1',
      exact: true,
    });
    // The group's name carries the company's, which arrives in its own answer, maybe after the tiles.
    await expect.poll(() => hall.locator('button').count(), FIRST_LOAD).toBe(8);
    // Health follows communication: the unit that sent is healthy, the silent ones lost, the unwatched unmonitored.
    const sent = page.getByRole('button', { name: `${unit.name}: Healthy` });
    await expect.poll(() => sent.count(), FIRST_LOAD).toBe(1);
    expect(await region.locator('button[data-state="NO_MONITOR"]').count()).toBe(2);
    expect(await region.locator('button[data-state="COMMUNICATION_LOST"]').count()).toBe(tiles - 3);
    await page.screenshot({ path: path.join(SCREENS, 'overview-e2e-1440.png') });
    // The slim fleet and its health, asked together: not the full asset list (1.9 MB for 5,000 units) nor a
    // health call that has to wait for it.
    expect(asked.filter((pathname) => pathname === '/api/assets/fleet')).toHaveLength(1);
    expect(asked).toContain('/api/assets.fleet.state');
    expect(
      asked.filter((pathname) => pathname === '/api/assets' || pathname === '/api/assets.state.list'),
    ).toEqual([]);

    await sent.click();
    await page.waitForURL(new RegExp(`#/user/devices/${unit.assetId}/liveView$`));
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: unit.name }).count(), FIRST_LOAD)
      .toBe(1);
    await page.close();
  });

  it("shows a customer's operator their own company's units only, and opens one with the keyboard", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'operator@fjord.example');
    await page.goto(`${server.url}/#/user/overview`);
    const tileButtons = page
      .getByRole('region', { name: 'Units by data hall' })
      .locator('button[data-asset-id]');
    await expect.poll(() => tileButtons.count(), FIRST_LOAD).toBe(fjordTiles);
    expect(
      await tileButtons.evaluateAll((list) => list.every((tile) => tile.textContent.startsWith('FJ-'))),
    ).toBe(true);
    await page.screenshot({ path: path.join(SCREENS, 'overview-e2e-390.png'), fullPage: true });
    const first = tileButtons.first();
    const name = (await first.textContent()) ?? '';
    const id = await first.getAttribute('data-asset-id');
    await first.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/user/devices/${id ?? ''}/liveView$`));
    await expect.poll(() => page.getByRole('heading', { level: 2, name }).count(), FIRST_LOAD).toBe(1);
    await page.close();
  });
});
