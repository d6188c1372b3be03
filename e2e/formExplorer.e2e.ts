import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { contract, type OutputOf } from '@kelvin/contract';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { ticketAssets } from '../apps/server/src/platform/db/ticketsSchema.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SHOTS = path.resolve('.tmp/shots/formExplorer');
/** The first screen after sign-in loads its section and the first page: longer than expect.poll's default. */
const FIRST_LOAD = { timeout: 20_000 };

/** A row of the explorer as the server lists it (entities.forms.listInstances). */
type InstanceRow = OutputOf<typeof contract.formsListInstances>['content'][number];

describe.skipIf(!chromiumAvailable())('form explorer: filter, select, export all, preview', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let token = '';
  let rows: InstanceRow[] = [];
  let total = 0;
  /** The two forms the test chooses and exports, each with one file attached by the test. */
  let first: InstanceRow;
  let second: InstanceRow;
  const files = new Map<number, { name: string; bytes: Uint8Array }>();

  const api = async (name: string, body: unknown): Promise<unknown> => {
    const answer = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status, name).toBe(200);
    return answer.json();
  };
  const listInstances = async (companyIds?: number[]) => {
    const answer = await api('entities.forms.listInstances', {
      formInstanceKeys: [{ entityType: 'TICKET' }],
      ...(companyIds ? { companyIds } : {}),
      pageableQuery: {
        type: 'PAGED',
        pageSize: 50,
        pageNumber: 0,
        sort: [{ property: 'date', direction: 'DESC' }],
      },
    });
    return contract.formsListInstances.output.parse(answer);
  };

  /**
   * The demo fills forms on its tickets; should it carry fewer than two, the test fills a small checklist on two
   * of the demo's tickets itself, so that what it checks does not hang on the demo's choice of tickets.
   */
  const ensureTwoFilledForms = async () => {
    const filled = new Set((await listInstances()).content.map((row) => row.entityId));
    if (filled.size >= 2) return;
    const definition = contract.formDefinitionsCreate.output.parse(
      await api('entities.forms.definitions.create', {
        label: 'E2E quarterly check',
        ticketTypeValues: [-1],
        formElements: [
          { key: 's1', label: 'Section 1 – Visual inspection', type: 'group' },
          { key: 'air', parentKey: 's1', label: 'Supply air temperature', type: 'number' },
          { key: 'filters', parentKey: 's1', label: 'Filters clean', type: 'boolean' },
        ],
      }),
    );
    const [group] = definition.formElements;
    const [air, filters] = group?.elements ?? [];
    if (!air || !filters) throw new Error('the checklist was not saved');
    const onTickets = await server.database.db.select().from(ticketAssets).limit(50);
    const pairs = onTickets.filter(
      (pair, index) => onTickets.findIndex((other) => other.ticketId === pair.ticketId) === index,
    );
    const value = (element: typeof air, typed: unknown) => ({
      formElementDefAssociationId: element.formElementDefAssociationId,
      formElementDefId: element.formElementDefId,
      formId: definition.formId,
      value: typed,
    });
    for (const pair of pairs.filter((each) => !filled.has(each.ticketId)).slice(0, 2 - filled.size)) {
      await api('entities.forms.updateValues', {
        entityType: 'TICKET',
        entityId: pair.ticketId,
        assetId: pair.assetId,
        formId: definition.formId,
        checkRequiredFormElementValues: true,
        workTimeSheet: [],
        formValues: [
          value(air, { type: 'number', value: 18.4 }),
          value(filters, { type: 'boolean', value: true }),
        ],
      });
    }
  };

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@kelvin.example'));
    token = await server.mintIdToken(admin?.identityId ?? '');
    await ensureTwoFilledForms();
    const listed = await listInstances();
    rows = listed.content;
    total = listed.pageable.totalSize;
    // Two forms of two tickets, on the first page of the default order (newest first).
    const [a, b] = rows.filter(
      (row, index) => rows.findIndex((other) => other.entityId === row.entityId) === index,
    );
    if (!a || !b) throw new Error('the demo should carry filled forms on at least two tickets');
    first = a;
    second = b;
    for (const row of [first, second]) {
      const name = `e2e-${row.entityId}.txt`;
      const bytes = new TextEncoder().encode(`Coil photo notes for ticket ${row.entityId}\n`);
      const form = new FormData();
      form.set('formId', String(row.formId));
      form.set('entityType', 'TICKET');
      form.set('entityId', String(row.entityId));
      form.set('assetId', String(row.assetId));
      form.set('filename', name);
      form.set('upload', new Blob([bytes], { type: 'text/plain' }), name);
      const answer = await fetch(`${server.url}/api/entities.forms.createAttachment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      files.set(row.entityId, { name, bytes });
    }
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  /** A signed-in page; an action waits at most 15 s, so a failure names what it waited for. */
  const openPage = async (options: { acceptDownloads?: boolean } = {}) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, ...options });
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url, 'admin@kelvin.example');
    return page;
  };
  /** The preview once its opening transition is over: a screenshot mid-fade shows the page through it. */
  const openedPreview = async (page: Page) => {
    const dialog = page.getByRole('dialog', { name: 'Form Preview' });
    await expect.poll(() => dialog.locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    return dialog;
  };
  const table = (page: Page) => page.getByRole('table', { name: 'Forms' });
  const countText = (page: Page) => page.getByText(/^Showing \d+–\d+ of \d+$/);

  it('opens from the navigation with every filled form, newest first', async () => {
    const page = await openPage();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Form explorer' })
      .click();
    await page.waitForURL(/#\/user\/tickets\/formExplorer$/);
    await expect.poll(() => table(page).getByText(first.id, { exact: true }).count(), FIRST_LOAD).toBe(1);
    expect(await page.getByRole('heading', { name: 'Form explorer', level: 1 }).count()).toBe(1);
    expect(await countText(page).textContent()).toBe(`Showing 1–${Math.min(total, 50)} of ${total}`);
    expect(await table(page).getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const ticketLink = table(page)
      .getByRole('link', { name: `Ticket ${first.entityId}` })
      .first();
    expect(await ticketLink.getAttribute('href')).toBe(`#/user/tickets/${first.entityId}/details`);
    await page.close();
  });

  it('filters by company and by date, in the address', async () => {
    const page = await openPage();
    await page.goto(`${server.url}/#/user/tickets/formExplorer`);
    await expect.poll(() => countText(page).count(), FIRST_LOAD).toBe(1);

    const ofCompany = await listInstances([first.companyId]);
    await page.getByRole('button', { name: 'Filter Company' }).click();
    const filter = page.getByRole('group', { name: 'Company filter' });
    await filter.getByRole('button', { name: 'Select none' }).click();
    // The choice goes through the address: wait for the list to show it before the next click.
    await expect.poll(() => filter.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await expect.poll(() => page.getByText(/No company is chosen/).count()).toBe(1);
    await filter.getByRole('checkbox', { name: first.companyName }).click();
    await expect.poll(() => filter.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => countText(page).textContent())
      .toBe(`Showing 1–${Math.min(ofCompany.pageable.totalSize, 50)} of ${ofCompany.pageable.totalSize}`);
    expect(page.url()).toContain(`company=${first.companyId}`);
    const companies = await table(page).locator('tbody tr td:nth-child(7)').allTextContents();
    expect(new Set(companies)).toEqual(new Set([first.companyName]));

    // A range that ends before it starts filters nothing and says so; a real one keeps today's forms.
    await page.getByLabel('From', { exact: true }).fill('2030-01-02');
    await page.getByLabel('To', { exact: true }).fill('2030-01-01');
    await expect.poll(() => page.getByText('Ends before From: no date filter').count()).toBe(1);
    await page.getByLabel('From', { exact: true }).fill('2030-01-01');
    await page.getByLabel('To', { exact: true }).fill('2030-01-02');
    await expect.poll(() => page.getByText('No forms match the filters.', { exact: false }).count()).toBe(1);
    expect(page.url()).toContain('from=2030-01-01');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect
      .poll(() => countText(page).textContent())
      .toBe(`Showing 1–${Math.min(total, 50)} of ${total}`);
    await page.close();
  });

  it('exports the chosen forms as one workbook and their files as one zip, and previews one', async () => {
    const page = await openPage({ acceptDownloads: true });
    await page.goto(`${server.url}/#/user/tickets/formExplorer`);
    await expect.poll(() => table(page).getByText(first.id, { exact: true }).count(), FIRST_LOAD).toBe(1);
    const exportAll = page.getByRole('button', { name: 'Export all' });
    expect(await exportAll.isDisabled()).toBe(true);
    await page
      .getByRole('checkbox', { name: `Select form ${first.id}` })
      .first()
      .check();
    await page
      .getByRole('checkbox', { name: `Select form ${second.id}` })
      .first()
      .check();
    await expect.poll(() => page.getByText('2 selected').count()).toBe(1);

    await exportAll.click();
    const workbookDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel workbook (a sheet per form)' }).click();
    const workbookFile = await workbookDownload;
    expect(workbookFile.suggestedFilename()).toMatch(/^Forms \d{4}-\d{2}-\d{2}\.xlsx$/);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const workbookBytes = readFileSync(await workbookFile.path());
    // exceljs takes an ArrayBuffer; Node's Buffer types as a shared-buffer view.
    await workbook.xlsx.load(
      workbookBytes.buffer.slice(
        workbookBytes.byteOffset,
        workbookBytes.byteOffset + workbookBytes.byteLength,
      ),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      String(first.entityId),
      String(second.entityId),
    ]);
    const sheet = workbook.worksheets[0];
    const header = sheet?.getRow(5).values;
    expect(Array.isArray(header) ? header.slice(1, 4) : []).toEqual(['Section', 'Step', 'Description']);
    expect([1, 2, 3].map((column) => sheet?.getColumn(column).width)).toEqual([15, 15, 75]);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Company', first.companyName]);
    await expect.poll(() => page.getByText(/^Exported 2 forms\./).count()).toBe(1);

    await exportAll.click();
    const zipDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Attachments (zip)' }).click();
    const zipFile = await zipDownload;
    expect(zipFile.suggestedFilename()).toMatch(/^Form attachments \d{4}-\d{2}-\d{2}\.zip$/);
    const zipped = unzipSync(new Uint8Array(readFileSync(await zipFile.path())));
    for (const row of [first, second]) {
      const file = files.get(row.entityId);
      const name = `${row.entityId} - ${row.formLabel} - ${row.assetName}/${file?.name ?? ''}`;
      expect(Object.keys(zipped)).toContain(name);
      expect(zipped[name]).toEqual(file?.bytes);
    }
    await page.screenshot({ path: path.join(SHOTS, 'explorer-selected-1440-light.png') });

    await page
      .getByRole('button', { name: `Preview form ${first.id}` })
      .first()
      .click();
    const dialog = await openedPreview(page);
    await expect.poll(() => dialog.getByText(first.formLabel, { exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    expect(await dialog.getByText('Unable to load the form').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'preview-1440-light.png') });
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('looks right wide and narrow, light and dark', async () => {
    const page = await openPage();
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}/#/user/tickets/formExplorer`);
        await page.reload();
        // The screenshots are only worth looking at in the scheme they are named for.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
          .toBe(scheme);
        // A table on a wide screen, cards on a phone: either way each form offers its preview.
        await expect
          .poll(() => page.getByRole('button', { name: `Preview form ${first.id}` }).count(), FIRST_LOAD)
          .toBeGreaterThan(0);
        // Nothing on a phone is wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: path.join(SHOTS, `explorer-${width}-${scheme}.png`),
          fullPage: width < 500,
        });
        await page
          .getByRole('button', { name: `Preview form ${first.id}` })
          .first()
          .click();
        await openedPreview(page);
        await page.screenshot({ path: path.join(SHOTS, `preview-${width}-${scheme}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await page.close();
  });
});
