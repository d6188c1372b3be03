import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { assets, companies } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');
/** The first screen after sign-in loads its section and the whole fleet: longer than expect.poll's default. */
const FIRST_LOAD = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())(
  'maintenance windows: planned on a data hall, its units in maintenance mode',
  () => {
    let server: ConsoleServer;
    let browser: Browser;
    let hallId = 0;
    let unitInHall = 0;
    let unitElsewhere = 0;

    beforeAll(async () => {
      server = await startConsoleServer();
      browser = await launchChromium();
      const db = server.database.db;
      const [northwind] = await db
        .select()
        .from(companies)
        .where(eq(companies.name, 'Northwind Data Centers'));
      const companyId = northwind?.companyId ?? 0;
      const ofType = (assetTypeId: number) =>
        db
          .select({ assetId: assets.assetId, parentAssetId: assets.parentAssetId })
          .from(assets)
          .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, assetTypeId)))
          .orderBy(asc(assets.assetId));
      const [hall] = await ofType(3);
      hallId = hall?.assetId ?? 0;
      const units = await ofType(4);
      unitInHall = units.find((unit) => unit.parentAssetId === hallId)?.assetId ?? 0;
      // Dallas's hall: another site, untouched by a window on Ashburn's first hall.
      unitElsewhere = units.at(-1)?.assetId ?? 0;
      mkdirSync(SCREENS, { recursive: true });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    it('plans a window on the demo data hall that starts now, and the overview shows its unit in maintenance', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, server.url, 'admin@kelvin.example');
      await page.goto(`${server.url}/#/user/maintenance/${hallId}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: 'Data Hall 1' }).count(), FIRST_LOAD)
        .toBe(1);
      const table = page.getByRole('table', { name: 'Maintenance windows' });
      // The demo's own history of the hall: last week's cleaning and a canceled firmware update.
      await expect.poll(() => table.getByText(/Quarterly coil cleaning/).count(), FIRST_LOAD).toBe(1);
      await expect.poll(() => table.getByText(/vendor postponed/i).count()).toBe(1);

      await page.getByRole('button', { name: 'Plan maintenance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Plan maintenance for Data Hall 1' });
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Replace the humidifier cylinders');
      await dialog.getByRole('button', { name: 'Start now' }).click();
      await dialog.getByRole('button', { name: 'Plan maintenance' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const row = table.getByRole('row').filter({ hasText: 'Replace the humidifier cylinders' });
      await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1);
      // At 1440 px beside the hierarchy: every state badge whole (not cut to 'U.'), the When cells' text within its
      // column, and the table inside the window with nothing to scroll sideways.
      const fit = await table.evaluate((element) => {
        const cut = (node: Element) => node.scrollWidth > node.clientWidth;
        const badges = Array.from(element.querySelectorAll('.mantine-Badge-label'));
        const whenColumn = Array.from(element.querySelectorAll('th')).findIndex(
          (th) => th.textContent === 'When',
        );
        const whenCells = Array.from(element.querySelectorAll('tbody tr')).map(
          (tr) => tr.querySelectorAll('td')[whenColumn]?.querySelector('[data-cell]') ?? null,
        );
        const scroller = element.parentElement;
        return {
          badges: badges.length,
          cutBadges: badges.filter(cut).map((badge) => badge.textContent),
          cutWhen: whenCells.filter(
            (cell) => cell === null || cut(cell) || Array.from(cell.querySelectorAll('p')).some(cut),
          ).length,
          right: element.getBoundingClientRect().right,
          sideways: scroller === null ? 0 : scroller.scrollWidth - scroller.clientWidth,
        };
      });
      expect(fit.badges).toBeGreaterThanOrEqual(3);
      expect(fit.cutBadges).toEqual([]);
      expect(fit.cutWhen).toBe(0);
      expect(fit.right).toBeLessThanOrEqual(1440);
      expect(fit.sideways).toBe(0);
      await page.screenshot({ path: path.join(SCREENS, 'maintenance-e2e-1440.png'), fullPage: true });

      await page.goto(`${server.url}/#/user/overview`);
      const tile = (assetId: number) =>
        page
          .getByRole('region', { name: 'Units by data hall' })
          .locator(`button[data-asset-id="${assetId}"]`);
      await expect
        .poll(() => tile(unitInHall).getAttribute('data-state'), FIRST_LOAD)
        .toBe('MAINTENANCE_MODE');
      expect(await tile(unitInHall).getAttribute('aria-label')).toMatch(/: Maintenance mode$/);
      expect(await tile(unitElsewhere).getAttribute('data-state')).not.toBe('MAINTENANCE_MODE');
      await page.close();
    });
  },
);
