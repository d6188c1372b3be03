import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { apiCallerFor, createFormDefinition, openTicketWithAsset } from './support/apiCaller.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');
/** A screen's first load: its lazy section, the ticket and its panels; long on a loaded machine. */
const FIRST_LOAD = { timeout: 30_000 };
const FORM_LABEL = 'E2E quarterly check';
const SUPPLY_AIR = 'temperature.supplyAir';
const MAX_MESSAGE = 'Input of value 55 is greater than the allowed minimum of 40.';
const WARNING = 'There are missing required fields, are you sure you want to continue?';

/** The checklist the test fills: a required note, a bound reading, and a section with a required choice. */
const FORM_ELEMENTS = [
  {
    key: 'technician',
    label: 'Technician',
    type: 'text',
    isRequired: true,
    formElementDefOptions: { minLength: 3, maxLength: 40 },
  },
  {
    key: 'supplyAir',
    label: 'Supply air temperature',
    type: 'number',
    isRequired: true,
    formElementDefOptions: { min: 10, max: 40, metricAlias: SUPPLY_AIR },
  },
  { key: 'visual', label: 'Section 1 – Visual inspection', type: 'group' },
  {
    key: 'filter',
    parentKey: 'visual',
    label: 'Filter condition',
    type: 'select',
    isRequired: true,
    formElementDefOptions: { values: ['Clean', 'Dirty', 'Replaced'], displayFormat: 'radio' },
  },
  { key: 'belts', parentKey: 'visual', label: 'Belts checked', type: 'boolean' },
  {
    key: 'serviced',
    parentKey: 'visual',
    label: 'Serviced on',
    type: 'date',
    formElementDefOptions: {},
  },
];

const LARGE_FORM_LABEL = 'E2E large inspection';

/** 500 fields in 10 sections of 50: numbers with limits and texts with lengths. */
function largeFormElements() {
  return Array.from({ length: 10 }, (_, section) => [
    { key: `s${section}`, label: `Section ${section + 1}`, type: 'group' },
    ...Array.from({ length: 50 }, (_, step) => ({
      key: `s${section}-${step}`,
      parentKey: `s${section}`,
      label: `Section ${section + 1} item ${step + 1}`,
      type: step % 2 === 0 ? 'number' : 'text',
      formElementDefOptions: step % 2 === 0 ? { min: 0, max: 100 } : { minLength: 2, maxLength: 80 },
    })),
  ]).flat();
}

describe.skipIf(!chromiumAvailable())(
  'forms, end to end: a technician fills a ticket checklist, times it, attaches a photo, and finds it all kept',
  () => {
    let server: ConsoleServer;
    let browser: Browser;
    let ticketId = 0;
    let assetId = 0;
    let formId = 0;
    let largeFormId = 0;

    beforeAll(async () => {
      server = await startConsoleServer();
      browser = await launchChromium();
      const { token, call } = await apiCallerFor(server, 'admin@kelvin.example');
      formId = await createFormDefinition(call, FORM_LABEL, FORM_ELEMENTS);
      largeFormId = await createFormDefinition(call, LARGE_FORM_LABEL, largeFormElements());
      ({ ticketId, assetId } = await openTicketWithAsset(server));
      // The unit's supply air, so that the form shows it live and can capture it.
      const ingest = await fetch(`${server.url}/api/telemetry.ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          points: [{ assetId, alias: SUPPLY_AIR, ts: Date.now() - 5_000, value: 21.46, status: 1 }],
        }),
      });
      expect(ingest.status).toBe(200);
      mkdirSync(SCREENS, { recursive: true });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    const openPage = async (width = 1440, height = 900): Promise<Page> => {
      const page = await browser.newPage({ viewport: { width, height } });
      await signIn(page, server.url, 'technician@kelvin.example');
      return page;
    };
    const formUrl = () => `${server.url}/#/user/tickets/${ticketId}/forms/${formId}/${assetId}`;

    it('opens the form from the ticket, fills it, sees an exact message, saves through the Warning, times and attaches', async () => {
      expect(formId).toBeGreaterThan(0);
      expect(ticketId).toBeGreaterThan(0);
      const page = await openPage();
      await page.goto(`${server.url}/#/user/tickets/${ticketId}/details`);
      const card = page.getByRole('region', { name: 'Forms', exact: true });
      const link = card.getByRole('link', { name: new RegExp(`^${FORM_LABEL} for .*: Available$`) }).first();
      await link.waitFor(FIRST_LOAD);
      // Keyboard: the card's link opens the form.
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/tickets/${ticketId}/forms/${formId}/${assetId}$`));

      const form = page.getByRole('article', { name: FORM_LABEL });
      await form.getByRole('heading', { name: FORM_LABEL }).waitFor(FIRST_LOAD);
      await expect.poll(() => form.getByTestId('form-duration').textContent()).toBe('No duration set');
      await expect.poll(() => form.getByTestId('form-status').textContent()).toBe('Available');
      expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // The timer runs while the technician works.
      await form.getByRole('button', { name: 'Start Timer' }).click();
      await form.getByRole('textbox', { name: /Technician/ }).fill('Kim');
      await form.getByRole('textbox', { name: /Supply air temperature/ }).fill('55');
      await form.getByRole('button', { name: 'Save' }).click();
      const warning = page.getByRole('dialog', { name: 'Warning' });
      await warning.getByText(WARNING).waitFor();
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await form.getByText(MAX_MESSAGE).waitFor();
      await form.getByText('This field is required.').waitFor();

      // The live reading goes into the field with its time; the error under it goes as it is revalidated.
      await form.getByTestId('live-reading').filter({ hasText: '21.5' }).waitFor(FIRST_LOAD);
      await form.getByRole('button', { name: 'Capture Supply air temperature from the unit' }).click();
      await expect
        .poll(() => form.getByRole('textbox', { name: /Supply air temperature/ }).inputValue())
        .toBe('21.46');
      expect(await form.getByText(MAX_MESSAGE).count()).toBe(0);
      await form.getByRole('radio', { name: 'Yes' }).check();

      await page.waitForTimeout(2_100);
      await form.getByRole('button', { name: 'Pause Timer' }).click();
      await expect.poll(() => form.getByTestId('form-duration').textContent()).toMatch(/^0h 0m [2-9]s$/);

      // A photo of the filter, uploaded after the save.
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        form.getByRole('button', { name: 'Select file(s)' }).click(),
      ]);
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles({
        name: 'filter-photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('jpeg bytes'),
      });
      await form.getByText('filter-photo.jpg').waitFor();
      await page.screenshot({ path: path.join(SCREENS, 'form-screen-1440-light.png'), fullPage: true });

      // The filter condition is still missing: the Warning asks, and Save goes on.
      await form.getByRole('button', { name: 'Save' }).click();
      await warning.getByText(WARNING).waitFor();
      await warning.getByRole('button', { name: 'Save' }).click();
      await page.getByText('All form attachments uploaded successfully').waitFor(FIRST_LOAD);
      await expect.poll(() => form.getByTestId('form-status').textContent()).toBe('In progress');
      await page.close();
    });

    it('after a reload finds the values, the time and the attachment kept, and the ticket lists it In progress', async () => {
      const page = await openPage();
      await page.goto(formUrl());
      const form = page.getByRole('article', { name: FORM_LABEL });
      await form.getByRole('heading', { name: FORM_LABEL }).waitFor(FIRST_LOAD);
      await expect.poll(() => form.getByRole('textbox', { name: /Technician/ }).inputValue()).toBe('Kim');
      expect(await form.getByRole('textbox', { name: /Supply air temperature/ }).inputValue()).toBe('21.46');
      await form.getByText(/^Captured from the unit at /).waitFor();
      expect(await form.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
      expect(await form.getByTestId('form-duration').textContent()).toMatch(/^0h 0m [2-9]s$/);
      await form
        .getByRole('list', { name: 'Form attachments' })
        .getByText('filter-photo.jpg')
        .waitFor(FIRST_LOAD);
      expect(await form.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await form.getByRole('button', { name: 'Export to Excel' }).isVisible()).toBe(true);

      await form.getByRole('button', { name: 'Close the form' }).click();
      await page.waitForURL(new RegExp(`/tickets/${ticketId}/details$`));
      await page
        .getByRole('region', { name: 'Forms', exact: true })
        .getByRole('link', { name: new RegExp(`^${FORM_LABEL} for .*: In progress$`) })
        .first()
        .waitFor(FIRST_LOAD);
      await page.close();
    });

    // Its speed (first render, a keystroke against a whole-form revalidation) is measured by bench/formBrowser.ts.
    it('renders all 500 fields of a large form, and a keystroke revalidates its own field and no other', async () => {
      const page = await openPage();
      await page.goto(`${server.url}/#/user/tickets/${ticketId}/forms/${largeFormId}/${assetId}`);
      const form = page.getByRole('article', { name: LARGE_FORM_LABEL });
      const named = form.getByRole('textbox', { name: 'Section 6 item 2', exact: true });
      await named.waitFor(FIRST_LOAD);
      expect(await form.getByRole('textbox').count()).toBe(500);
      // Names gain 'Changed' with the first character: hold on to the fields by their ids.
      const byName = async (name: string) =>
        page.locator(`#${await form.getByRole('textbox', { name, exact: true }).getAttribute('id')}`);
      const note = await byName('Section 6 item 2');
      const reading = await byName('Section 6 item 1');
      const neighbour = await byName('Section 6 item 4');
      const noteMessage = form.getByText(
        'Input of length 1 does not meet minimum length requirement of 2 characters.',
      );
      const readingMessage = form.getByText('Input of value 555 is greater than the allowed minimum of 100.');

      await note.click();
      await page.keyboard.type('x');
      await reading.fill('555');
      // Save validates the whole form: both messages; nothing is required, so the Warning is about them.
      await form.getByRole('button', { name: 'Save' }).click();
      const warning = page.getByRole('dialog', { name: 'Warning' });
      await warning.getByText(WARNING).waitFor();
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await noteMessage.waitFor();
      await readingMessage.waitFor();

      // A keystroke revalidates the typed field alone: its message follows its value, the other field's stays.
      await reading.click();
      await page.keyboard.press('End');
      await page.keyboard.type('5');
      await form.getByText('Input of value 5555 is greater than the allowed minimum of 100.').waitFor();
      expect(await readingMessage.count()).toBe(0);
      expect(await noteMessage.count()).toBe(1);
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await form.getByText(/^Input of value /).waitFor({ state: 'detached' });
      expect(await reading.inputValue()).toBe('55');
      expect(await noteMessage.count()).toBe(1);
      await note.click();
      await page.keyboard.press('End');
      await page.keyboard.type('y');
      await noteMessage.waitFor({ state: 'detached' });
      expect(await note.inputValue()).toBe('xy');
      // The other fields are as they were: empty, without a message.
      expect(await neighbour.inputValue()).toBe('');
      const filled = await form
        .getByRole('textbox')
        .evaluateAll((boxes) =>
          boxes.filter((box) => box instanceof HTMLInputElement && box.value !== '').map((box) => box.id),
        );
      expect(filled.sort()).toEqual([await note.getAttribute('id'), await reading.getAttribute('id')].sort());
      expect(await form.getByText(/^Input of /).count()).toBe(0);
      await page.close();
    });

    it('looks right in dark and on a phone', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await openPage();
        await preferColorScheme(page, scheme);
        await page.goto(formUrl());
        await page.reload();
        const form = page.getByRole('article', { name: FORM_LABEL });
        await form.getByRole('heading', { name: FORM_LABEL }).waitFor(FIRST_LOAD);
        await form.getByText('filter-photo.jpg').waitFor(FIRST_LOAD);
        expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
        await page.screenshot({
          path: path.join(SCREENS, `form-screen-1440-${scheme}-saved.png`),
          fullPage: true,
        });
        await page.close();
      }
      const phone = await openPage(390, 844);
      await phone.goto(formUrl());
      const form = phone.getByRole('article', { name: FORM_LABEL });
      await form.getByRole('heading', { name: FORM_LABEL }).waitFor(FIRST_LOAD);
      await form.getByText('filter-photo.jpg').waitFor(FIRST_LOAD);
      // Nothing wider than the screen.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.screenshot({ path: path.join(SCREENS, 'form-screen-390.png'), fullPage: true });
      await phone.close();
    });
  },
);
