import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const COMPANY = 'Polar E2E Cooling';
const SITE = 'E2E Tromso Campus';
const BUILDING = 'E2E Building North';
const HALL = 'E2E Hall 7';
const UNIT = 'E2E CRAH 42';

/** Picks a Mantine select option by the select's label and the option's text. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a child under the asset selected in the company tree; the type is the only one allowed there. */
async function addChild(page: Page, parent: string, name: string) {
  await page.getByRole('treeitem', { name: parent }).getByText(parent, { exact: true }).click();
  await page.getByRole('button', { name: 'Add child' }).click();
  const dialog = page.getByRole('dialog', { name: `Add an asset under ${parent}` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  // Open the parent from the keyboard, as the tree pattern has it, to reach the new child.
  await page.getByRole('treeitem', { name: parent }).press('ArrowRight');
  await expect.poll(() => page.getByRole('treeitem', { name }).count()).toBe(1);
}

/** The ID token oidc-client-ts keeps in localStorage under 'oidc.user:<authority>:<client>'. */
function readIdToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith('oidc.user:')) {
        const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
        if (typeof stored === 'object' && stored !== null && 'id_token' in stored) {
          return typeof stored.id_token === 'string' ? stored.id_token : null;
        }
      }
    }
    return null;
  });
}

describe.skipIf(!chromiumAvailable())('administering companies and assets', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let unitId = 0;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('lets a provider administrator build a company down to a unit from a template', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, 'admin@kelvin.example');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Administration' })
      .click();
    await page.getByRole('button', { name: 'Create company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'Create company' });
    await companyDialog.getByRole('textbox', { name: 'Company name' }).fill(COMPANY);
    await companyDialog.getByRole('textbox', { name: 'NetSuite customer internal id' }).fill('NS-4242');
    await choose(page, 'Plan', 'Enhanced Support');
    await companyDialog.getByRole('button', { name: 'Create company' }).click();
    await page.waitForURL(/#\/user\/admin\/companies\/\d+\/assets$/);
    await expect.poll(() => page.getByRole('heading', { name: COMPANY }).count()).toBe(1);

    await page.getByRole('button', { name: 'Add site or make-up-air unit' }).click();
    const siteDialog = page.getByRole('dialog', { name: 'Add an asset to the company' });
    await choose(page, 'Type', 'Site');
    await siteDialog.getByRole('textbox', { name: 'Name' }).fill(SITE);
    await siteDialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('treeitem', { name: SITE }).count()).toBe(1);

    await addChild(page, SITE, BUILDING);
    await addChild(page, BUILDING, HALL);

    await page.getByRole('treeitem', { name: HALL }).getByText(HALL, { exact: true }).click();
    await page.getByRole('button', { name: 'Create unit from template' }).click();
    const form = page.getByRole('form', { name: 'Create unit from template' });
    await form.getByRole('textbox', { name: 'Unit name' }).fill(UNIT);
    await form.getByRole('textbox', { name: 'Unit model' }).fill('Liebert DSE');
    await form.getByRole('textbox', { name: 'Unit serial number' }).fill('SN-0042');
    await form.getByRole('button', { name: 'Create unit' }).click();

    const created = page.getByRole('list', { name: 'Created assets' }).getByRole('link', { name: UNIT });
    await expect.poll(() => created.count(), { timeout: 15_000 }).toBe(1);
    const href = (await created.getAttribute('href')) ?? '';
    unitId = Number(/assets\/(\d+)$/.exec(href)?.[1]);
    expect(unitId).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Done' }).click();

    // The unit sits in the tree under its hall, with the properties of the template.
    await page.getByRole('treeitem', { name: HALL }).press('ArrowRight');
    await expect.poll(() => page.getByRole('treeitem', { name: UNIT }).count()).toBe(1);
    await page.goto(`${server.url}/#/user/devices/${unitId}/assets/properties`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Property 2 value' }).inputValue())
      .toBe('Liebert DSE');
    await context.close();
  });

  it('hides that company and unit from an operator of another company, in the UI and the API', async () => {
    expect(unitId).toBeGreaterThan(0);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, 'operator@northwind.example');

    // The device picker holds only the operator's own fleet.
    await page.goto(`${server.url}/#/user/devices`);
    const tree = page.getByRole('tree', { name: 'Asset hierarchy' });
    await expect.poll(() => tree.count()).toBe(1);
    await page.getByRole('textbox', { name: 'Find an asset' }).fill('E2E');
    await expect.poll(() => page.getByText('No asset matches the search.').count()).toBe(1);

    // Administration is not theirs, and the company is named nowhere.
    await page.goto(`${server.url}/#/user/admin/companies`);
    await page.waitForURL(/#\/notFound\?url=/);
    expect(await page.getByText(COMPANY).count()).toBe(0);

    // Opening the unit's page directly finds nothing.
    await page.goto(`${server.url}/#/user/devices/${unitId}/assets/properties`);
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Unable to load the asset');
    expect(await page.getByText(UNIT).count()).toBe(0);

    const token = await readIdToken(page);
    expect(token).toBeTruthy();
    const response = await fetch(`${server.url}/api/assets/${unitId}`, {
      headers: { Authorization: `Bearer ${token ?? ''}`, Accept: 'application/json' },
    });
    expect(response.status).toBe(404);
    await context.close();
  });
});
