import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { detectedProblems, problemAutomations } from '../apps/server/src/platform/db/problemsSchema.ts';
import { assets, companies, users } from '../apps/server/src/platform/db/schema.ts';
import { insertProblem, insertRule } from '../apps/server/src/modules/problems/problemsTestFixture.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');
/** The first screen after sign-in loads its section and the whole fleet: longer than expect.poll's default. */
const FIRST_LOAD = { timeout: 15_000 };
/** KELVIN_WEB_DIST, as the server reads it, lets a build outside apps/web/dist be tested. */
const WEB_BUILD: Record<string, string> = process.env.KELVIN_WEB_DIST
  ? { KELVIN_WEB_DIST: process.env.KELVIN_WEB_DIST }
  : {};
const HOUR = 3_600_000;
const RULE = 'Return air humidity high (e2e)';
const DRAWER_RULE = 'Supply air too warm (e2e drawer)';

describe.skipIf(!chromiumAvailable())(
  'problems screens: listed, acknowledged, auto-muted for an hour, the automation on the unit’s tab',
  () => {
    let server: ConsoleServer;
    let browser: Browser;
    let unitId = 0;
    let problemId = 0;
    let drawerProblemId = 0;
    let adminId = 0;

    beforeAll(async () => {
      server = await startConsoleServer(WEB_BUILD);
      browser = await launchChromium();
      const db = server.database.db;
      const [northwind] = await db
        .select()
        .from(companies)
        .where(eq(companies.name, 'Northwind Data Centers'));
      const companyId = northwind?.companyId ?? 0;
      const [unit] = await db
        .select()
        .from(assets)
        .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, 4)))
        .orderBy(asc(assets.assetId));
      unitId = unit?.assetId ?? 0;
      // Written as the evaluator would leave it: the evaluator's own e2e drives a breach through ingestion.
      const rule = await insertRule(db, {
        companyId,
        name: RULE,
        impactLevel: 'WARNING',
        description: 'Return air relative humidity above 60 % for 5 minutes',
        tags: ['humidity'],
      });
      const problem = await insertProblem(db, {
        rule,
        assetId: unitId,
        companyId,
        openedMinutesAgo: 30,
        lastEventMinutesAgo: 1,
        metricAlias: 'humidity.returnAir',
      });
      problemId = problem.detectedProblemId;
      // The drawer's problem: the unit's threshold group on supply air, its alert at 28.12 past the 27 °C critical high.
      const drawerRule = await insertRule(db, { companyId, name: DRAWER_RULE, impactLevel: 'CRITICAL' });
      const drawerProblem = await insertProblem(db, {
        rule: drawerRule,
        assetId: unitId,
        companyId,
        openedMinutesAgo: 20,
        lastEventMinutesAgo: 1,
      });
      drawerProblemId = drawerProblem.detectedProblemId;
      const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
      adminId = admin?.userId ?? 0;
      mkdirSync(SCREENS, { recursive: true });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    const problemRow = async (id = problemId) => {
      const [row] = await server.database.db
        .select()
        .from(detectedProblems)
        .where(eq(detectedProblems.detectedProblemId, id));
      return row;
    };

    it('acknowledges the problem from the list, auto-mutes it for an hour, and disables that on the automation tab', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, server.url, 'admin@kelvin.example');
      await page.goto(`${server.url}/#/user/problems`);
      const table = page.getByRole('table', { name: 'Detected problems' });
      const row = table.getByRole('row').filter({ hasText: RULE });
      await expect.poll(() => row.count(), FIRST_LOAD).toBe(1);

      await row.getByRole('checkbox').check();
      await page
        .getByRole('toolbar', { name: 'Selected problems' })
        .getByRole('button', { name: 'Acknowledge', exact: true })
        .click();
      const acknowledge = page.getByRole('dialog', { name: 'Acknowledge 1 problem' });
      await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => acknowledge.count()).toBe(0);
      await expect.poll(() => row.getByText('Acknowledged').count()).toBe(1);
      expect((await problemRow())?.acknowledgedBy).toBe(adminId);

      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Automate…' }).click();
      const automate = page.getByRole('dialog', { name: 'Automate these problems' });
      await automate.getByRole('radio', { name: /^Auto-mute/ }).check();
      await automate.getByRole('textbox', { name: 'Description' }).fill('Humidifier service');
      const before = Date.now();
      await automate.getByRole('button', { name: 'Set automation' }).click();
      await expect.poll(() => automate.count()).toBe(0);
      await expect.poll(() => row.getByText('Muted').count()).toBe(1);
      const muted = await problemRow();
      expect(muted?.currentlyMuted).toBe(true);
      const [automation] = await server.database.db
        .select()
        .from(problemAutomations)
        .where(eq(problemAutomations.assetId, unitId));
      expect(muted?.mutedByAutomationId).toBe(automation?.problemAutomationId);
      const lasts = (automation?.expiredBy.getTime() ?? 0) - before;
      expect(lasts).toBeGreaterThan(HOUR - 60_000);
      expect(lasts).toBeLessThan(HOUR + 60_000);
      await page.screenshot({ path: path.join(SCREENS, 'problems-e2e-1440.png'), fullPage: true });

      await page.goto(`${server.url}/#/user/devices/${unitId}/assets/automation`);
      const automations = page.getByRole('table', { name: 'Automations' });
      const automationRow = automations.getByRole('row').filter({ hasText: 'Humidifier service' });
      await expect.poll(() => automationRow.getByText('Active').count(), FIRST_LOAD).toBe(1);
      await automationRow.getByRole('button', { name: `Disable auto-mute of ${RULE}` }).click();
      await page
        .getByRole('dialog', { name: 'Disable automation' })
        .getByRole('button', { name: 'Disable' })
        .click();
      await expect.poll(() => page.getByText(/No automation is active on this asset/).count()).toBe(1);
      const after = await problemRow();
      expect(after?.currentlyMuted).toBe(false);
      expect(after?.acknowledgedBy).toBe(adminId);
      await page.close();
    });

    it('acknowledges and mutes from the problem drawer, which says its condition in words', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, server.url, 'admin@kelvin.example');
      await page.goto(`${server.url}/#/user/problems`);
      const details = page.getByRole('button', {
        name: new RegExp(`^Details of ${DRAWER_RULE.replace(/[()]/g, '\\$&')}`),
      });
      await expect.poll(() => details.count(), FIRST_LOAD).toBe(1);
      await details.click();
      const drawer = page.getByRole('dialog', { name: 'Alert view' });
      const alert = drawer.getByRole('article', { name: `Alert ${DRAWER_RULE}` });
      const condition = alert.getByText(/^Average of /);
      await expect.poll(() => condition.count(), FIRST_LOAD).toBe(1);
      await expect
        .poll(() => condition.textContent())
        .toBe("Average of supply air temperature over 5m above the unit's critical high, 27 °C");
      expect(await alert.textContent()).not.toMatch(/PT5M|"kind"/);

      const actions = drawer.getByRole('group', { name: 'Problem actions' });
      await actions.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      const acknowledge = page.getByRole('dialog', { name: 'Acknowledge 1 problem' });
      await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => acknowledge.count()).toBe(0);
      // The drawer stays open and shows the problem as it now is.
      await expect.poll(() => actions.getByRole('button', { name: 'Unacknowledge' }).count()).toBe(1);
      expect((await problemRow(drawerProblemId))?.acknowledgedBy).toBe(adminId);

      await actions.getByRole('button', { name: 'Mute', exact: true }).click();
      const mute = page.getByRole('dialog', { name: 'Mute 1 problem' });
      await mute.getByRole('button', { name: 'Mute' }).click();
      await expect.poll(() => mute.count()).toBe(0);
      await expect.poll(() => actions.getByRole('button', { name: 'Unmute' }).count()).toBe(1);
      expect((await problemRow(drawerProblemId))?.currentlyMuted).toBe(true);
      expect(await actions.getByRole('button', { name: 'Move to new ticket' }).count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENS, 'problems-drawer-1440.png') });
      await page.close();
    });

    it('on a phone shows the first problem at once, the filters in a drawer that counts them, nothing wider', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
        await page.addInitScript(
          (value) => localStorage.setItem('mantine-color-scheme-value', value),
          scheme,
        );
        await signIn(page, server.url, 'admin@kelvin.example');
        await page.goto(`${server.url}/#/user/problems`);
        const first = page.getByRole('list', { name: 'Detected problems' }).getByRole('listitem').first();
        await expect.poll(() => first.count(), FIRST_LOAD).toBe(1);
        const box = await first.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.y ?? 900) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // The filters are not on the page but behind the button.
        expect(await page.getByRole('group', { name: 'Level' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
        const filters = page.getByRole('dialog', { name: 'Filters' });
        await filters.getByRole('group', { name: 'Level' }).getByText('Critical').click();
        await filters.getByRole('button', { name: 'Show problems' }).click();
        await expect.poll(() => page.getByRole('button', { name: 'Filters, 1 set' }).count()).toBe(1);
        // The drawer slides away before the picture, so that it shows the list the filter left.
        await expect.poll(() => filters.count()).toBe(0);
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(SCREENS, `problems-phone-390-${scheme}.png`) });
        await page.close();
      }
    });
  },
);
