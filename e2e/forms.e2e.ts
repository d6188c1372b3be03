import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { ticketAssets, tickets } from '../apps/server/src/platform/db/ticketsSchema.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
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
      const db = server.database.db;
      const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
      const token = await server.mintIdToken(admin?.identityId ?? '');
      const call = async (name: string, body: unknown) => {
        const answer = await fetch(`${server.url}/api/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
        const json: unknown = await answer.json();
        return json;
      };
      const created = await call('entities.forms.definitions.create', {
        label: FORM_LABEL,
        formElements: FORM_ELEMENTS,
        ticketTypeValues: [-1],
      });
      formId = z.object({ formId: z.number() }).parse(created).formId;
      const large = await call('entities.forms.definitions.create', {
        label: LARGE_FORM_LABEL,
        formElements: largeFormElements(),
        ticketTypeValues: [-1],
      });
      largeFormId = z.object({ formId: z.number() }).parse(large).formId;
      // A demo ticket of an asset: the first open one.
      const [row] = await db
        .select({ ticketId: tickets.ticketId, assetId: ticketAssets.assetId })
        .from(tickets)
        .innerJoin(ticketAssets, eq(ticketAssets.ticketId, tickets.ticketId))
        .where(eq(tickets.ticketState, 'OPEN'))
        .limit(1);
      ticketId = row?.ticketId ?? 0;
      assetId = row?.assetId ?? 0;
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

    it('answers a keystroke in a 500-element form inside a 16 ms frame', async () => {
      const page = await openPage();
      await page.goto(`${server.url}/#/user/tickets/${ticketId}/forms/${largeFormId}/${assetId}`);
      const form = page.getByRole('article', { name: LARGE_FORM_LABEL });
      const named = form.getByRole('textbox', { name: 'Section 6 item 2', exact: true });
      await named.waitFor(FIRST_LOAD);
      // Its name gains 'Changed' with the first character: hold on to it by its id.
      const box = page.locator(`#${await named.getAttribute('id')}`);
      expect(await form.getByRole('textbox').count()).toBe(500);
      // The browser's Event Timing of each keystroke (it reports those of 16 ms or more to the next paint: with a
      // 60 Hz frame that is nearly every one, so each one's handling time is known).
      await page.evaluate(() => {
        const slow: { name: string; duration: number; processing: number }[] = [];
        // Event Timing's threshold (16 ms is its least) is newer than TypeScript's DOM types.
        const eventTiming: PerformanceObserverInit & { durationThreshold: number } = {
          type: 'event',
          durationThreshold: 16,
        };
        Object.assign(window, { slowKeystrokes: slow });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (!(entry instanceof PerformanceEventTiming)) continue;
            // processing: the handlers' time, where React renders a keystroke (an input event renders at once).
            slow.push({
              name: entry.name,
              duration: entry.duration,
              processing: entry.processingEnd - entry.processingStart,
            });
          }
        }).observe(eventTiming);
      });
      const typed = 'checked filter housing';
      await box.click();
      await page.keyboard.type(typed, { delay: 40 });
      expect(await box.inputValue()).toBe(typed);
      await page.waitForTimeout(500);
      const recorded: unknown = await page.evaluate((): unknown => Reflect.get(window, 'slowKeystrokes'));
      const inputs = z
        .array(z.object({ name: z.string(), duration: z.number(), processing: z.number() }))
        .parse(recorded)
        .filter((entry) => entry.name === 'input');
      const processing = inputs.map((entry) => entry.processing).sort((a, b) => a - b);
      const median = processing[Math.floor(processing.length / 2)] ?? 0;
      console.log(
        `500-element form, ${inputs.length} input events of ${typed.length} keystrokes reported: handling median ` +
          `${median.toFixed(1)} ms, max ${Math.max(0, ...processing).toFixed(1)} ms; to next paint ` +
          inputs.map((entry) => entry.duration).join(', '),
      );
      // A keystroke's handling (React rendering its one row) fits well inside a 16 ms frame.
      expect(median).toBeLessThan(8);
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
