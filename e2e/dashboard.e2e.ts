import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASSET_TYPE } from '@kelvin/domain';
import {
  assetProperties,
  assets,
  companies,
  users,
  userToursSeen,
} from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SCREENS = path.resolve('.tmp/screens');
/** The first screen after sign-in loads its section and the fleet's state. */
const FIRST_LOAD = { timeout: 15_000 };
const MINUTE = 60_000;

interface Unit {
  assetId: number;
  name: string;
}

describe.skipIf(!chromiumAvailable())(
  'dashboard: what needs attention, the fleet by health, recent units',
  () => {
    let server: ConsoleServer;
    let browser: Browser;
    /** Northwind's units and make-up-air unit: the fleet its users see. */
    let fleet: Unit[] = [];
    /** Sent twenty minutes ago, then nothing: it stopped sending. */
    let silent: Unit = { assetId: 0, name: '' };
    /** Never sent anything. */
    let never: Unit = { assetId: 0, name: '' };
    let healthy: Unit[] = [];

    beforeAll(async () => {
      server = await startConsoleServer();
      browser = await launchChromium();
      const db = server.database.db;
      const [northwind] = await db
        .select()
        .from(companies)
        .where(eq(companies.name, 'Northwind Data Centers'));
      const rows = await db
        .select({ assetId: assets.assetId, assetTypeId: assets.assetTypeId, name: assetProperties.value })
        .from(assets)
        .innerJoin(assetProperties, eq(assetProperties.assetId, assets.assetId))
        .where(
          and(
            eq(assets.companyId, northwind?.companyId ?? 0),
            inArray(assets.assetTypeId, [ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit]),
            eq(assetProperties.name, 'name'),
          ),
        )
        .orderBy(asc(assets.assetId));
      fleet = rows.map(({ assetId, name }) => ({ assetId, name }));
      const units = rows.filter((row) => row.assetTypeId === ASSET_TYPE.unit);
      const [first, second, ...rest] = units.map(({ assetId, name }) => ({ assetId, name }));
      if (!first || !second) throw new Error('The demo fleet has too few Northwind units');
      [silent, never, healthy] = [first, second, rest];

      // Every other unit sends now; the silent one last sent twenty minutes ago (past the ten-minute online window).
      const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
      const token = await server.mintIdToken(admin?.identityId ?? '');
      const now = Date.now();
      const answer = await fetch(`${server.url}/api/telemetry.ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          points: [
            { assetId: silent.assetId, alias: 'temperature.supplyAir', ts: now - 20 * MINUTE, value: 19.1 },
            ...healthy.map((unit) => ({
              assetId: unit.assetId,
              alias: 'temperature.supplyAir',
              ts: now,
              value: 18.4,
            })),
          ],
        }),
      });
      expect(answer.status).toBe(200);
      // The operator has taken the dashboard's tour before: it stays out of the way of the tests not about it.
      const [operator] = await db.select().from(users).where(eq(users.email, 'operator@northwind.example'));
      await db
        .insert(userToursSeen)
        .values({ userId: operator?.userId ?? 0, tour: 'AssetDashboardTourSeen' });
      mkdirSync(SCREENS, { recursive: true });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    /** The counts by health as the buttons name them: 'Healthy: 16' → Healthy → 16. */
    async function healthCounts(page: Page): Promise<Map<string, number>> {
      const labels = await page
        .getByRole('group', { name: 'Units by health' })
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
      return new Map(
        labels.map((label) => {
          const [state = '', count = ''] = label.split(': ');
          return [state, Number(count)];
        }),
      );
    }

    it('lists the units that stopped sending first, counts the fleet by health and narrows by a count', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, server.url, 'operator@northwind.example');

      // Counts by health: every state shown, adding up to the fleet the operator may see.
      const group = page.getByRole('group', { name: 'Units by health' });
      // Wait for six states that each show a number: before the fleet's state arrives they read 'loading', and
      // before the section is drawn there are none (both were read once in CI as a count of nothing).
      const drawnCounts = async () =>
        [...(await healthCounts(page)).values()].filter((count) => Number.isFinite(count)).length;
      await expect.poll(drawnCounts, FIRST_LOAD).toBe(6);
      const counts = await healthCounts(page);
      expect(Object.fromEntries(counts)).toEqual({
        'Communication lost': 2,
        Critical: 0,
        Warning: 0,
        'Maintenance mode': 0,
        Healthy: healthy.length,
        // The make-up-air unit is not monitored.
        'No monitor': 1,
      });
      expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(fleet.length);

      // Needs attention: the unit never heard from, then the one silent for twenty minutes; the healthy ones not.
      const table = page.getByRole('table', { name: 'Units that need attention' });
      const rows = table.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      // Text content, not inner text: the state badge is drawn in capitals.
      const cells = (index: number) => rows.nth(index).getByRole('cell').allTextContents();
      const [neverRow, silentRow] = [await cells(0), await cells(1)];
      expect(neverRow[0]).toContain(never.name);
      expect(neverRow[1]).toBe('Communication lost');
      expect(neverRow[2]).toBe('Never');
      expect(silentRow[0]).toContain(silent.name);
      expect(silentRow[1]).toBe('Communication lost');
      expect(silentRow[2]).toMatch(/^2[01]m( \d+s)? ago$/);
      // Where each stands, under its name.
      expect(silentRow[0]).toContain('Northwind Ashburn › Building A › Data Hall 1');
      await page.screenshot({ path: path.join(SCREENS, 'dashboard-e2e-1440.png') });

      // A count narrows the list to its units, and choosing it again brings back what needs attention.
      await group.getByRole('button', { name: `Healthy: ${healthy.length}` }).click();
      await expect.poll(() => page.getByRole('region', { name: 'Units: Healthy' }).count()).toBe(1);
      await expect.poll(() => rows.count()).toBe(healthy.length);
      const names = await table.locator('tbody tr a').allInnerTexts();
      expect(names.sort()).toEqual(healthy.map((unit) => unit.name).sort());
      await group.getByRole('button', { name: `Healthy: ${healthy.length}` }).click();
      await expect.poll(() => rows.count()).toBe(2);
      await page.close();
    });

    it('lists the units opened lately under recently viewed, newest first', async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await signIn(page, server.url, 'operator@northwind.example');
      const recent = page.getByRole('region', { name: 'Recently viewed' });
      await expect
        .poll(() => recent.getByText('Units you open appear here, to find them again.').count(), FIRST_LOAD)
        .toBe(1);

      // The silent unit opened from the attention list, then a healthy one by its address.
      await page
        .getByRole('table', { name: 'Units that need attention' })
        .getByRole('link', { name: silent.name, exact: true })
        .click();
      await page.waitForURL(new RegExp(`#/user/devices/${silent.assetId}/liveView$`));
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: silent.name }).count(), FIRST_LOAD)
        .toBe(1);
      const other = healthy[0] ?? silent;
      await page.goto(`${server.url}/#/user/devices/${other.assetId}/liveView`);
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: other.name }).count(), FIRST_LOAD)
        .toBe(1);

      await page.goto(`${server.url}/#/user/dashboard`);
      const links = recent.getByRole('list', { name: 'Recently viewed' }).getByRole('link');
      await expect.poll(() => links.allInnerTexts(), FIRST_LOAD).toEqual([other.name, silent.name]);
      await page.screenshot({ path: path.join(SCREENS, 'dashboard-e2e-390.png'), fullPage: true });
      await links.first().click();
      await page.waitForURL(new RegExp(`#/user/devices/${other.assetId}`));
      await page.close();
    });

    it('walks a new user through the dashboard once, records AssetDashboardTourSeen, and replays on request', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, server.url, 'admin@northwind.example');
      const tour = page.getByRole('dialog', { name: 'Tour of the dashboard' });
      await expect.poll(() => tour.count(), FIRST_LOAD).toBe(1);
      await expect.poll(() => tour.getByText('Step 1 of 4').count()).toBe(1);
      for (let step = 2; step <= 4; step++) {
        await tour.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => tour.getByText(`Step ${step} of 4`).count()).toBe(1);
      }
      await tour.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => tour.count()).toBe(0);

      const db = server.database.db;
      const [admin] = await db.select().from(users).where(eq(users.email, 'admin@northwind.example'));
      const seen = () =>
        db
          .select({ tour: userToursSeen.tour })
          .from(userToursSeen)
          .where(eq(userToursSeen.userId, admin?.userId ?? 0));
      await expect
        .poll(async () => (await seen()).map((row) => row.tour))
        .toEqual(['AssetDashboardTourSeen']);

      // After a reload the tours seen are read again, and this one is among them: it does not open.
      const toursRead = page.waitForResponse((response) => response.url().endsWith('/api/users/me/tours'));
      await page.reload();
      expect((await toursRead).status()).toBe(200);
      await expect
        .poll(() => page.getByRole('button', { name: /^Healthy: \d+$/ }).count(), FIRST_LOAD)
        .toBe(1);
      // The tour reads which of its targets are on screen a tick after rendering: give it that tick and more.
      await page.waitForTimeout(1_000);
      expect(await tour.count()).toBe(0);

      // The help button replays it; ending it again records nothing new.
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await expect.poll(() => tour.getByText('Step 1 of 4').count()).toBe(1);
      // The card takes the focus, so the keyboard works it: Escape skips.
      const next = tour.getByRole('button', { name: 'Next' });
      await expect.poll(() => next.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => tour.count()).toBe(0);
      expect(await seen()).toHaveLength(1);
      await page.close();
    });
  },
);
