import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contracts } from '../apps/server/src/platform/db/coverageSchema.ts';
import { ticketAssets, tickets } from '../apps/server/src/platform/db/ticketsSchema.ts';
import { assetProperties, assets, companies } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');
/** The first screen after sign-in loads its section: longer than expect.poll's default. */
const FIRST_LOAD = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('contracts: an administrator makes one, a customer sees it', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let companyId = 0;
  let unitName = '';
  let contractId = 0;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const db = server.database.db;
    const [northwind] = await db.select().from(companies).where(eq(companies.name, 'Northwind Data Centers'));
    companyId = northwind?.companyId ?? 0;
    const units = await db
      .select({ name: assetProperties.value })
      .from(assets)
      .innerJoin(
        assetProperties,
        and(eq(assetProperties.assetId, assets.assetId), eq(assetProperties.name, 'name')),
      )
      .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, 4)))
      .orderBy(asc(assets.assetId));
    // The last unit: the demo's contracts cover the first ones.
    unitName = units.at(-1)?.name ?? '';
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  const shoot = async (page: Page, name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(SCREENS, `${name}-${scheme}.png`), fullPage: true });
    }
  };

  it('creates a contract, assigns a unit with the asset picker, and edits it in the viewer', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/user/admin/companies/${companyId}/contracts`);
    const list = page.getByRole('table', { name: 'Contracts' });
    // The demo's own contracts: one running, one over.
    await expect.poll(() => list.getByText('Full service (parts and labour)').count(), FIRST_LOAD).toBe(1);
    await expect.poll(() => list.getByText('Expired').count()).toBeGreaterThan(0);
    await shoot(page, 'coverage-contracts-1440');

    await page.getByRole('button', { name: 'Create contract' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create contract' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Chiller care 2026');
    await dialog.getByLabel('Start Date').fill('2026-01-01');
    await dialog.getByLabel('End Date').fill('2026-12-31');
    await dialog.getByRole('button', { name: 'Create contract' }).click();
    await page.waitForURL(/\/contracts\/\d+\/assets$/);
    contractId = Number(/\/contracts\/(\d+)\/assets$/.exec(page.url())?.[1]);
    expect(contractId).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add asset' }).click();
    const picker = page.getByRole('dialog', { name: 'Add an asset to the contract' });
    await picker.getByRole('textbox', { name: 'Find an asset' }).fill(unitName);
    await picker.getByRole('treeitem', { name: unitName }).first().click();
    const covered = page.getByRole('table', { name: 'Assets the contract covers' });
    await expect.poll(() => covered.getByRole('link', { name: unitName }).count()).toBe(1);
    const [stored] = await server.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.contractId, contractId));
    expect(stored?.label).toBe('Chiller care 2026');

    await page.getByRole('link', { name: 'Open in the viewer' }).click();
    const card = page.getByLabel(`Contract: ${contractId}`, { exact: true });
    await expect
      .poll(() => card.getByRole('heading', { name: `Contract: ${contractId}` }).count(), FIRST_LOAD)
      .toBe(1);
    const width = await card.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBe(480);
    const label = card.getByRole('textbox', { name: 'Label' });
    expect(await label.isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('textbox', { name: 'Label' }).fill('Chiller care 2026 (renewed)');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    await page.reload();
    await expect
      .poll(() => card.getByRole('textbox', { name: 'Label' }).inputValue(), FIRST_LOAD)
      .toBe('Chiller care 2026 (renewed)');
    await shoot(page, 'coverage-viewer-1440');
    await page.close();
  });

  it('shows on a covered demo ticket which contract covers its unit and why it is not billable', async () => {
    const [covered] = await server.database.db
      .select({ ticketId: tickets.ticketId })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), isNotNull(tickets.coveredByContractId)))
      .orderBy(asc(tickets.ticketId))
      .limit(1);
    expect(covered).toBeDefined();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/user/tickets/${covered?.ticketId ?? 0}/details`);
    const assets = page.getByRole('list', { name: 'Ticket assets' });
    await expect
      .poll(
        () => assets.getByRole('link', { name: /^Contract: Full service \(parts and labour\)/ }).count(),
        FIRST_LOAD,
      )
      .toBe(1);
    const billing = page.getByRole('form', { name: 'Ticket billing' });
    await expect
      .poll(() =>
        billing.getByText(/^Not billable: covered by contract 'Full service \(parts and labour\)'/).count(),
      )
      .toBe(1);
    await shoot(page, 'coverage-ticket-1440');

    // The unit's own tabs: what covers it, past and present.
    const [onTicket] = await server.database.db
      .select({ assetId: ticketAssets.assetId })
      .from(ticketAssets)
      .where(eq(ticketAssets.ticketId, covered?.ticketId ?? 0));
    await page.goto(`${server.url}/#/user/devices/${onTicket?.assetId ?? 0}/assets/contracts`);
    const contractsTab = page.getByRole('table', { name: 'Contracts covering the asset' });
    await expect
      .poll(() => contractsTab.getByText('Full service (parts and labour)').count(), FIRST_LOAD)
      .toBe(1);
    await expect.poll(() => contractsTab.getByText('Commissioning support').count()).toBe(1);
    await shoot(page, 'coverage-asset-contracts-1440');
    await page.goto(`${server.url}/#/user/admin/companies/${companyId}/warranties`);
    const warrantiesList = page.getByRole('table', { name: 'Warranties' });
    await expect
      .poll(
        () =>
          warrantiesList
            .getByRole('row')
            .filter({ hasText: 'Demonstration unit warranty' })
            .getByText('Yes')
            .count(),
        FIRST_LOAD,
      )
      .toBe(1);
    await shoot(page, 'coverage-warranties-1440');
    await page.close();
  });

  it("lets the customer's administrator see the contract but not edit it, on a phone", async () => {
    expect(contractId).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/contracts/[${contractId}]`);
    const card = page.getByLabel(`Contract: ${contractId}`, { exact: true });
    await expect
      .poll(() => card.getByRole('textbox', { name: 'Label' }).inputValue(), FIRST_LOAD)
      .toBe('Chiller care 2026 (renewed)');
    expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    const width = await card.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    await shoot(page, 'coverage-viewer-390');
    await page.goto(`${server.url}/#/user/contracts/not-a-list`);
    await expect
      .poll(
        () => page.getByRole('alert').filter({ hasText: 'JSON list of contract ids' }).count(),
        FIRST_LOAD,
      )
      .toBe(1);
    await page.close();
  });
});
