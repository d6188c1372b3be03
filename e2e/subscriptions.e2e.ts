import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../apps/server/src/config.ts';
import { axeFindings, formatFinding, sortFindings } from './support/axe.ts';
import { KNOWN_FINDINGS } from './support/axeKnownFindings.ts';

/** As the accessibility check counts: serious or critical findings that are not known fail. */
const blocking = async (page: Page, name: string) =>
  sortFindings(await axeFindings(page), name, KNOWN_FINDINGS).blocking.map(formatFinding);
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SHOTS = path.join(repoRoot, '.tmp', 'shots', 'D');

/** Screenshots in both schemes, each checked by axe (every finding, whatever its impact, is printed). */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await preferColorScheme(page, scheme);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
    expect(await blocking(page, `${name} ${scheme}`), `${name} ${scheme}`).toEqual([]);
  }
}

describe.skipIf(!chromiumAvailable())('Settings → Subscriptions and the test page', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it("lets a provider administrator see every company's plans and set units' plans at once", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/user/settings/subscriptions`);
    await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Companies and their plans' });
    await table.getByRole('row').nth(2).waitFor();
    expect(
      await page.getByRole('region', { name: 'Service Contract' }).getByText('Scheduled maintenance').count(),
    ).toBe(1);
    await shoot(page, 'subscriptions-desktop');

    const firstCompany = table.getByRole('button', { name: / units? of / }).first();
    const companyName = ((await firstCompany.getAttribute('aria-label')) ?? '').replace(
      /^\d+ units? of /,
      '',
    );
    await firstCompany.click();
    const drawer = page.getByRole('dialog', { name: `Units of ${companyName}` });
    const boxes = drawer.getByRole('checkbox', { name: /^Select (?!every)/ });
    await boxes.first().waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await drawer.getByRole('combobox', { name: 'Plan for the selected units' }).click();
    await page.getByRole('option', { name: 'Enhanced Support' }).click();
    await shoot(page, 'subscriptions-units-desktop');
    await drawer.getByRole('button', { name: 'Set plan of 2 units' }).click();
    await page.getByText('2 units now on Enhanced Support').waitFor();
    await expect
      .poll(() => drawer.getByText('Enhanced Support', { exact: true }).count())
      .toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it("shows a customer their own company's plans, read-only, on a phone", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/settings/subscriptions`);
    await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
    const units = page.getByRole('button', { name: / units? of / });
    await units.first().waitFor();
    expect(await units.count()).toBe(1);
    expect(await page.getByRole('combobox', { name: /^Plan of / }).count()).toBe(0);
    await shoot(page, 'subscriptions-phone');
    await units.first().click();
    await page
      .getByRole('dialog')
      .getByText(/A unit without a plan of its own/)
      .waitFor();
    expect(await page.getByRole('dialog').getByRole('checkbox').count()).toBe(0);
    await page.close();
  });

  it('shows the test page on a desktop and a phone', async () => {
    for (const viewport of [
      { width: 1440, height: 900, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      const page = await browser.newPage({ viewport });
      await signIn(page, server.url, 'technician@kelvin.example');
      await page.goto(`${server.url}/#/user/test`);
      await page.getByRole('heading', { name: 'Test', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Server' }).getByText('ok', { exact: true }).waitFor();
      await page.getByText('Connected', { exact: true }).waitFor();
      await shoot(page, `test-page-${viewport.name}`);
      await page.close();
    }
  });
});
