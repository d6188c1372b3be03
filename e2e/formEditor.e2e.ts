import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contract } from '@kelvin/contract';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { axeFindings, formatFinding, sortFindings } from './support/axe.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SHOTS = path.resolve('.tmp/shots/formEditor');
/** The first screen after sign-in loads its section: longer than expect.poll's default. */
const FIRST_LOAD = { timeout: 20_000 };
const FORM_NAME = `E2E pump check ${Date.now()}`;

describe.skipIf(!chromiumAvailable())('form editor: build, reorder by keyboard, save, version 2', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let token = '';
  let formId = 0;

  const definition = async (id: number) => {
    const answer = await fetch(`${server.url}/api/entities.forms.definitions.get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ formId: id }),
    });
    expect(answer.status).toBe(200);
    return contract.formDefinitionsGet.output.parse(await answer.json());
  };
  /** The saved tree as text: 'Pump(Pressure, Serial), Leak'. */
  const shapeOf = (elements: { label: string; displayOrder: number; elements: unknown[] }[]): string =>
    [...elements]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((element) => {
        const children = element.elements.filter(
          (child): child is { label: string; displayOrder: number; elements: unknown[] } =>
            typeof child === 'object' && child !== null && 'label' in child,
        );
        return children.length > 0 ? `${element.label}(${shapeOf(children)})` : element.label;
      })
      .join(', ');

  /** The project's bar (accessibility e2e): no serious or critical finding; a Mantine modal's second banner is
   * moderate and app-wide. */
  const blockingFindings = async (page: Page, screen: string) =>
    sortFindings(await axeFindings(page), screen, []).blocking.map(formatFinding);

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@kelvin.example'));
    token = await server.mintIdToken(admin?.identityId ?? '');
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  const tree = (page: Page) => page.getByRole('navigation', { name: 'Form elements' });
  const row = (page: Page, label: string) =>
    tree(page).getByRole('button', { name: new RegExp(`^${label}, `) });
  const live = (page: Page) => page.locator('[aria-live="polite"][aria-atomic]');
  /** The tree on screen as text, like shapeOf. */
  const shapeOnScreen = (page: Page) =>
    tree(page).evaluate((nav) => {
      const read = (list: Element): string =>
        Array.from(list.children)
          .map((item) => {
            const label = item.querySelector('button')?.getAttribute('aria-label')?.split(',')[0] ?? '';
            const nested = item.querySelector('ul');
            return nested ? `${label}(${read(nested)})` : label;
          })
          .join(', ');
      const top = nav.querySelector('ul');
      return top ? read(top) : '';
    });
  /**
   * Picks `type` from the menu this button opened, found by the button's aria-controls: the other add menu may still
   * be in the page, closing, with items of the same names (a loaded CI machine clicked its 'Text' and added at the
   * top level instead of in the group).
   */
  const addElement = async (page: Page, type: string, label: string, button = 'Add element') => {
    const trigger = page.getByRole('button', { name: button });
    await trigger.click();
    await expect.poll(() => trigger.getAttribute('aria-controls')).toBeTruthy();
    const menuId = (await trigger.getAttribute('aria-controls')) ?? '';
    await page.locator(`[id="${menuId}"]`).getByRole('menuitem', { name: type, exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Label' });
    await field.fill(label);
  };

  it('creates a form with a group and three elements, reorders by keyboard and saves version 1', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Forms', exact: true })
      .click();
    await page.waitForURL(/#\/user\/admin\/forms$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Forms', level: 1 }).count(), FIRST_LOAD)
      .toBe(1);
    await page.getByRole('link', { name: 'New form' }).click();
    await page.waitForURL(/#\/user\/admin\/forms\/new$/);

    await page.getByRole('textbox', { name: 'Form name' }).fill(FORM_NAME);
    await addElement(page, 'Group', 'Pump');
    await addElement(page, 'Text', 'Serial', 'Add to this group');
    await addElement(page, 'Number', 'Pressure');
    await page.getByRole('textbox', { name: 'Minimum' }).fill('0');
    await page.getByRole('textbox', { name: 'Maximum' }).fill('16');
    await addElement(page, 'Yes / No', 'Leak');
    expect(await shapeOnScreen(page)).toBe('Pump(Serial), Pressure, Leak');

    await row(page, 'Pressure').focus();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => shapeOnScreen(page)).toBe('Pump(Serial, Pressure), Leak');
    expect(await live(page).textContent()).toBe('Pressure moved to position 2 of 2 in group Pump.');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => shapeOnScreen(page)).toBe('Pump(Pressure, Serial), Leak');
    expect(await live(page).textContent()).toBe('Pressure moved to position 1 of 2 in group Pump.');
    expect(await row(page, 'Pressure').evaluate((node) => node === document.activeElement)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'editor-1440-light.png') });

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Version 1 saved').count()).toBeGreaterThan(0);
    await page.waitForURL(/#\/user\/admin\/forms\/\d+$/);
    formId = Number(/forms\/(\d+)$/.exec(page.url())?.[1]);
    const saved = await definition(formId);
    expect(saved.version).toBe(1);
    expect(saved.label).toBe(FORM_NAME);
    expect(shapeOf(saved.formElements)).toBe('Pump(Pressure, Serial), Leak');
    const pressure = saved.formElements[0]?.elements.find((element) => element.label === 'Pressure');
    expect(pressure?.formElementDefOptions).toMatchObject({ min: 0, max: 16, format: 'decimal' });
    await page.close();
  });

  it('warns before leaving unsaved changes, saves an edit as version 2 and reopens it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/user/admin/forms/${formId}`);
    await expect.poll(() => row(page, 'Leak').count(), FIRST_LOAD).toBe(1);
    await row(page, 'Leak').click();
    await page.getByRole('switch', { name: /Required/ }).check({ force: true });

    await page.getByRole('link', { name: 'Forms' }).first().click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Unsaved changes' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toMatch(new RegExp(`forms/${formId}$`));

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Version 2 saved').count()).toBeGreaterThan(0);
    expect((await definition(formId)).version).toBe(2);

    await page.getByRole('link', { name: 'Forms' }).first().click();
    await page.waitForURL(/#\/user\/admin\/forms$/);
    const listed = page
      .getByRole('table', { name: 'Forms' })
      .getByRole('row', { name: new RegExp(FORM_NAME) });
    await expect.poll(() => listed.count(), FIRST_LOAD).toBe(1);
    expect(await listed.getByRole('cell').nth(1).textContent()).toBe('2');
    await page.screenshot({ path: path.join(SHOTS, 'list-1440-light.png') });
    await listed.getByRole('link', { name: FORM_NAME }).click();
    await expect.poll(() => page.getByText('Version 2', { exact: true }).count(), FIRST_LOAD).toBe(1);
    expect(await shapeOnScreen(page)).toBe('Pump(Pressure, Serial), Leak');
    expect(await row(page, 'Leak').getAttribute('aria-label')).toContain('required');
    await page.close();
  });

  it('looks right in dark and on a phone with no axe finding (none serious in the preview), and previews the form as a technician sees it', async () => {
    for (const [scheme, width, height] of [
      ['dark', 1440, 900],
      ['light', 390, 844],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await signIn(page, server.url, 'admin@kelvin.example');
      await preferColorScheme(page, scheme);
      await page.goto(`${server.url}/#/user/admin/forms/${formId}`);
      await page.reload();
      await expect.poll(() => row(page, 'Pressure').count(), FIRST_LOAD).toBe(1);
      await row(page, 'Pressure').click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SHOTS, `editor-${width}-${scheme}.png`), fullPage: true });
      expect(await axeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: `Preview: ${FORM_NAME}` });
      await expect.poll(() => preview.getByText('Pressure').count()).toBeGreaterThan(0);
      // The modal fades in: shoot it once it is opaque.
      await expect.poll(() => preview.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
      await page.screenshot({ path: path.join(SHOTS, `preview-${width}-${scheme}.png`) });
      expect(await blockingFindings(page, 'formEditorPreview')).toEqual([]);
      await page.close();
    }
  });
});
