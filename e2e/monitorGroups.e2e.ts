import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { monitorGroups, problemRuleDefinitions } from '../apps/server/src/platform/db/problemsSchema.ts';
import { assets, companies } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/shots/monitorGroups');
/** A shared two-core machine renders slowly: wait as long as it needs. */
const PATIENCE = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())('monitor groups: made with a rule, attached to a unit, kept', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let companyId = 0;
  let unit = { assetId: 0, name: '' };

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const db = server.database.db;
    const [northwind] = await db.select().from(companies).where(eq(companies.name, 'Northwind Data Centers'));
    companyId = northwind?.companyId ?? 0;
    const [first] = await db
      .select({ assetId: assets.assetId, name: assets.name })
      .from(assets)
      .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, 4)))
      .orderBy(asc(assets.assetId))
      .limit(1);
    unit = { assetId: first?.assetId ?? 0, name: first?.name ?? '' };
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  const groupsPath = () => `${server.url}/#/user/admin/companies/${companyId}/monitorGroups`;

  it('creates a group with a threshold rule, attaches it to a unit, and finds it saved after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(groupsPath());
    // The demo's own group and the library's are listed.
    await expect.poll(() => page.getByRole('link', { name: 'CRAH watch' }).count(), PATIENCE).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Standard CRAH monitoring' }).count()).toBe(1);

    await page.getByRole('button', { name: 'New monitor group' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Hall A1 watch');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Hall A1 watch' }).count(), PATIENCE).toBe(1);
    await expect.poll(() => page.getByText(/This group holds no rules yet/).count(), PATIENCE).toBe(1);

    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rule' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Supply air above 24 °C');
    const picker = dialog.getByRole('textbox', { name: 'Metric' });
    await picker.click();
    await picker.fill('temperature.supplyAir');
    await page
      .getByRole('option', { name: 'Supply air temperature temperature.supplyAir', exact: true })
      .click();
    await page.keyboard.press('Escape');
    await dialog.getByText('Fixed limits', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Breach above' }).fill('24');
    await dialog.getByRole('textbox', { name: 'Time window', exact: true }).fill('3');
    await dialog.getByText('Critical', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    const card = page.getByRole('article', { name: 'Supply air above 24 °C' });
    await expect.poll(() => card.count(), PATIENCE).toBe(1);
    expect(await card.textContent()).toContain('Average of temperature.supplyAir above 24');
    expect(await card.textContent()).toContain('Over 3m');

    const db = server.database.db;
    const [rule] = await db
      .select()
      .from(problemRuleDefinitions)
      .where(eq(problemRuleDefinitions.name, 'Supply air above 24 °C'));
    expect(rule).toMatchObject({
      companyId,
      kind: 'THRESHOLD',
      timeWindow: 'PT3M',
      impactLevel: 'CRITICAL',
      condition: {
        kind: 'THRESHOLD',
        metricAlias: 'temperature.supplyAir',
        aggregation: 'AVERAGE',
        limits: { source: 'FIXED', above: 24, below: null },
      },
    });

    // The unit's monitoring tab: pick the new group among the company's and the library's, and save.
    await page.goto(`${server.url}/#/user/admin/companies/${companyId}/assets/${unit.assetId}/monitoring`);
    const select = page.getByRole('combobox', { name: 'Monitor group' });
    await expect.poll(() => select.inputValue(), PATIENCE).toBe('CRAH watch (10 rules)');
    await select.click();
    await page.getByRole('option', { name: 'Hall A1 watch (1 rule)' }).click();
    await expect
      .poll(() => page.getByRole('article', { name: 'Supply air above 24 °C' }).count(), PATIENCE)
      .toBe(1);
    await page.getByRole('button', { name: 'Save monitoring' }).click();
    await expect.poll(() => page.getByText('Monitoring saved').count(), PATIENCE).toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => select.inputValue(), PATIENCE).toBe('Hall A1 watch (1 rule)');
    const [group] = await db.select().from(monitorGroups).where(eq(monitorGroups.name, 'Hall A1 watch'));
    const [saved] = await db.select().from(assets).where(eq(assets.assetId, unit.assetId));
    expect(saved?.monitorGroupId).toBe(group?.monitorGroupId);
    await page.close();
  });

  /** The page at both widths (a phone's whole page); a dialog as seen, then scrolled to its end. */
  async function shoot(page: Page, name: string, scheme: string, dialog = false) {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      const file = (suffix = '') => path.join(SCREENS, `${name}${suffix}-${width}-${scheme}.png`);
      await page.screenshot({ path: file(), fullPage: width < 800 && !dialog });
      if (dialog) {
        await page
          .locator('.mantine-Modal-content')
          .evaluate((content) => content.scrollTo(0, content.scrollHeight));
        await page.screenshot({ path: file('-end') });
        await page.locator('.mantine-Modal-content').evaluate((content) => content.scrollTo(0, 0));
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  it('shows the list, a group and the rule editor in light and dark, wide and narrow', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.goto(groupsPath());
      await page.reload();
      // Screenshots said to be dark must be dark.
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
      await expect.poll(() => page.getByRole('link', { name: 'CRAH watch' }).count(), PATIENCE).toBe(1);
      await shoot(page, 'groups', scheme);
      await page.getByRole('link', { name: 'CRAH watch' }).click();
      await expect
        .poll(() => page.getByRole('article', { name: 'Low air delta-T' }).count(), PATIENCE)
        .toBe(1);
      await shoot(page, 'group', scheme);
      await page.getByRole('button', { name: 'New rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'New rule' });
      await dialog.getByRole('button', { name: 'Create rule' }).click();
      await shoot(page, 'rule-threshold', scheme, true);
      await dialog.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'Query' }).click();
      await dialog.getByRole('textbox', { name: 'Expression' }).fill('a - b');
      await shoot(page, 'rule-query', scheme, true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // A rule of the library as its card shows it, with its actions.
      await page.goto(`${server.url}/#/user/admin/companies/${companyId}/assets/${unit.assetId}/monitoring`);
      await expect.poll(() => page.getByRole('article').count(), PATIENCE).toBeGreaterThan(0);
      await shoot(page, 'asset-monitoring', scheme);
    }
    await page.close();
  });
});
