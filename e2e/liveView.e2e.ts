import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASSET_TYPE } from '@kelvin/domain';
import { startSimulator, type Simulator } from '../apps/server/src/demo/simulator.ts';
import { assets, metrics, users } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SCREENS = path.resolve('.tmp/screens');
const SETPOINT = 'temperature.supplyAirSetpoint';

describe.skipIf(!chromiumAvailable())('live view: a unit’s values as they arrive, and set points', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let simulator: Simulator;
  let unitId = 0;
  let setpointId = 0;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const db = server.database.db;
    // A Northwind unit in a data hall with an agent: the simulator streams it and answers its commands.
    const halls = await db
      .select({ hallId: assets.parentAssetId })
      .from(assets)
      .where(eq(assets.assetTypeId, ASSET_TYPE.agent));
    const [northwind] = await db.select().from(users).where(eq(users.email, 'admin@northwind.example'));
    const [unit] = await db
      .select({ assetId: assets.assetId })
      .from(assets)
      .where(
        and(
          eq(assets.assetTypeId, ASSET_TYPE.unit),
          eq(assets.companyId, northwind?.companyId ?? 0),
          inArray(
            assets.parentAssetId,
            halls.flatMap((hall) => (hall.hallId === null ? [] : [hall.hallId])),
          ),
        ),
      )
      .orderBy(asc(assets.assetId))
      .limit(1);
    unitId = unit?.assetId ?? 0;
    const [setpoint] = await db.select().from(metrics).where(eq(metrics.alias, SETPOINT));
    setpointId = setpoint?.metricId ?? 0;
    simulator = await startSimulator({
      db,
      timeseries: server.timeseries,
      log: server.app.log,
      baseUrl: server.url,
      options: { enabled: true, intervalMs: 1_000, metricsPerUnit: 60, backfillUnits: 0, transport: 'http' },
    });
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await simulator.stop();
    await browser.close();
    await server.close();
  });

  const valueText = (page: Page, alias: string) => page.getByTestId(`value-${alias}`).textContent();

  it('shows the unit’s values changing as they arrive, and applies a set point through the unit’s agent', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    // The device page opens on its live view.
    await page.goto(`${server.url}/#/user/devices/${unitId}`);
    await page.waitForURL(/\/liveView$/);
    const search = page.getByRole('textbox', { name: 'Search metrics' });
    await search.fill('supplyAir');
    await expect.poll(() => valueText(page, 'temperature.supplyAir'), { timeout: 15_000 }).toMatch(/°C$/);
    const first = await valueText(page, 'temperature.supplyAir');
    await expect.poll(() => valueText(page, 'temperature.supplyAir'), { timeout: 20_000 }).not.toBe(first);
    await expect.poll(() => page.getByText('Sending').count(), { timeout: 40_000 }).toBe(1);
    await page.screenshot({ path: path.join(SCREENS, 'live-view-1440.png') });

    await page.getByRole('button', { name: 'Change Supply air temperature setpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Supply air temperature setpoint' });
    await expect.poll(() => dialog.getByTestId('command-current-value').textContent()).toBe('18.0 °C');
    await dialog.getByRole('textbox', { name: 'New value' }).fill('21.5');
    await dialog.getByRole('button', { name: 'Set' }).click();
    // A reason is required: the dialog says so and sends nothing.
    await expect.poll(() => dialog.getByText('Say why').count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Cold aisle below 20 °C');
    await dialog.getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText('Applied', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => valueText(page, SETPOINT), { timeout: 20_000 }).toBe('21.5 °C');
    await page.screenshot({ path: path.join(SCREENS, 'live-view-applied-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENS, 'live-view-390.png'), fullPage: true });
    await page.close();
  });

  it('on a phone shows the unit first, the asset tree one tap away in a drawer, nothing wider than the screen', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      // The scheme follows the system unless the user chose one (kept on the server): emulate the system's.
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, server.url, 'admin@northwind.example');
      await page.goto(`${server.url}/#/user/devices/${unitId}/liveView`);
      const search = page.getByRole('textbox', { name: 'Search metrics' });
      await expect.poll(() => search.count(), { timeout: 30_000 }).toBe(1);
      // The unit's metrics are drawn (the list draws the rows in view).
      await expect
        .poll(() => page.locator('[data-testid^="value-"]').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // The content is in the first screen; the tree is not on the page at all (it filled the first screen).
      const box = await search.boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
      expect(await page.getByRole('tree', { name: 'Asset hierarchy' }).count()).toBe(0);
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENS, `live-view-phone-390-${scheme}.png`) });

      await page.getByRole('button', { name: 'Choose asset' }).click();
      const drawer = page.getByRole('dialog', { name: 'Choose asset' });
      await expect.poll(() => drawer.getByRole('tree', { name: 'Asset hierarchy' }).count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENS, `live-view-phone-drawer-390-${scheme}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.count()).toBe(0);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  it('gives a user without metrics:write no set control, and the API refuses them', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'operator@northwind.example');
    await page.goto(`${server.url}/#/user/devices/${unitId}/liveView`);
    await page.getByRole('textbox', { name: 'Search metrics' }).fill('setpoint');
    await expect.poll(() => valueText(page, SETPOINT), { timeout: 15_000 }).toMatch(/°C$/);
    expect(await page.getByRole('button', { name: /^Change / }).count()).toBe(0);

    const [operator] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'operator@northwind.example'));
    const token = await server.mintIdToken(operator?.identityId ?? '');
    const refused = await fetch(`${server.url}/api/metrics.commands.create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        assetId: unitId,
        metricId: setpointId,
        action: 'set',
        value: 25,
        reason: 'try',
      }),
    });
    expect(refused.status).toBe(403);
    await page.close();
  });
});
