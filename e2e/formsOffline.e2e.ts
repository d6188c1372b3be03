import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { z } from 'zod';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import {
  apiCallerFor,
  createFormDefinition,
  openTicketWithAsset,
  type ApiCall,
} from './support/apiCaller.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const FIRST_LOAD = { timeout: 30_000 };
const SCREENS = path.resolve('.tmp/screens');
const FORM_LABEL = 'E2E data hall round';
const SAVED_ON_DEVICE =
  'No network: the form is saved on this device and will be sent when the network is back.';
const FORM_ELEMENTS = [
  { key: 'note', label: 'Hall note', type: 'text', formElementDefOptions: { maxLength: 200 } },
  { key: 'pressure', label: 'Filter pressure', type: 'number', formElementDefOptions: { min: 0, max: 500 } },
];

/**
 * Issue 23, item 9: a technician opens a ticket's form while online, loses the network in the hall, keeps filling
 * and timing and attaching, saves (kept on the device, in IndexedDB), and the form is sent when the network returns;
 * a field someone else changed meanwhile is not overwritten silently: both values are shown and the user chooses.
 */
describe.skipIf(!chromiumAvailable())(
  'forms offline: filled in a data hall, sent when the network returns',
  () => {
    let server: ConsoleServer;
    let browser: Browser;
    let ticketId = 0;
    let assetId = 0;
    let formId = 0;
    let call: ApiCall;

    beforeAll(async () => {
      server = await startConsoleServer();
      browser = await launchChromium();
      ({ call } = await apiCallerFor(server, 'admin@kelvin.example'));
      formId = await createFormDefinition(call, FORM_LABEL, FORM_ELEMENTS);
      ({ ticketId, assetId } = await openTicketWithAsset(server));
      mkdirSync(SCREENS, { recursive: true });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    /** The server's values of the form, by label. */
    async function serverValues(): Promise<Record<string, unknown>> {
      const answer = z
        .object({
          content: z.array(
            z.object({
              formValues: z.array(
                z.object({
                  formElementDefAssociationId: z.number(),
                  value: z.object({ value: z.unknown() }).nullable(),
                }),
              ),
            }),
          ),
        })
        .parse(
          await call('entities.forms.listValues', {
            entityType: 'TICKET',
            entityId: ticketId,
            formIds: [formId],
            assetIds: [assetId],
          }),
        );
      const definition = z
        .object({
          formElements: z.array(z.object({ formElementDefAssociationId: z.number(), label: z.string() })),
        })
        .parse(await call('entities.forms.definitions.get', { formId }));
      const labels = new Map(
        definition.formElements.map((one) => [one.formElementDefAssociationId, one.label]),
      );
      return Object.fromEntries(
        (answer.content[0]?.formValues ?? []).map((one) => [
          labels.get(one.formElementDefAssociationId) ?? '?',
          one.value?.value,
        ]),
      );
    }

    async function saveOnServer(values: { note: string; pressure: number }) {
      const definition = z
        .object({
          formElements: z.array(
            z.object({
              formElementDefAssociationId: z.number(),
              formElementDefId: z.number(),
              label: z.string(),
            }),
          ),
        })
        .parse(await call('entities.forms.definitions.get', { formId }));
      const element = (label: string) => {
        const found = definition.formElements.find((one) => one.label === label);
        if (!found) throw new Error(`no element ${label}`);
        return {
          formElementDefAssociationId: found.formElementDefAssociationId,
          formElementDefId: found.formElementDefId,
          formId,
        };
      };
      await call('entities.forms.updateValues', {
        entityType: 'TICKET',
        entityId: ticketId,
        formId,
        assetId,
        checkRequiredFormElementValues: true,
        workTimeSheet: [],
        formValues: [
          { ...element('Hall note'), value: { type: 'text', value: values.note } },
          { ...element('Filter pressure'), value: { type: 'number', value: values.pressure } },
        ],
      });
    }

    it('keeps a save made offline on the device, with its time and photo, and sends it when the network returns', async () => {
      // The form as it stood when the technician opened it: someone wrote a note and read the pressure.
      await saveOnServer({ note: 'Opened for the round', pressure: 120 });
      const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await signIn(page, server.url, 'technician@kelvin.example');
      await page.goto(`${server.url}/#/user/tickets/${ticketId}/forms/${formId}/${assetId}`);
      const form = page.getByRole('article', { name: FORM_LABEL });
      await form.getByRole('textbox', { name: /Hall note/ }).waitFor(FIRST_LOAD);

      // In the hall: no network. The technician keeps timing, filling and attaching, and saves.
      await context.setOffline(true);
      await form.getByRole('button', { name: 'Start Timer' }).click();
      await form.getByRole('textbox', { name: /Hall note/ }).fill('Belt worn on fan 2');
      await form.getByRole('textbox', { name: /Filter pressure/ }).fill('180');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        form.getByRole('button', { name: 'Select file(s)' }).click(),
      ]);
      await chooser.setFiles({
        name: 'fan-2-belt.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('belt photo'),
      });
      await page.waitForTimeout(1_100);
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText(SAVED_ON_DEVICE).waitFor();
      await page.getByText('Saved on this device, not sent yet').waitFor();
      await page.getByText('Files waiting to be sent: fan-2-belt.jpg').waitFor();
      await page.screenshot({ path: path.join(SCREENS, 'form-offline-saved-390.png'), fullPage: true });
      // Nothing reached the server, and the values stay on screen from the device.
      expect(await serverValues()).toEqual({ 'Hall note': 'Opened for the round', 'Filter pressure': 120 });
      await expect
        .poll(() => form.getByRole('textbox', { name: /Hall note/ }).inputValue())
        .toBe('Belt worn on fan 2');

      // Meanwhile a colleague changed the pressure (the same field) but not the note.
      await saveOnServer({ note: 'Opened for the round', pressure: 150 });

      // The network returns: the note goes at once, the pressure asks.
      await context.setOffline(false);
      const dialog = page.getByRole('dialog', { name: 'Changed on the server meanwhile' });
      await dialog.waitFor(FIRST_LOAD);
      await dialog.getByRole('radio', { name: 'Filter pressure: keep 180 (this device)' }).waitFor();
      await dialog.getByRole('radio', { name: 'Filter pressure: keep 150 (server)' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Send with these choices' }).isDisabled()).toBe(true);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(SCREENS, 'form-offline-conflict-390.png') });
      await dialog.getByRole('radio', { name: 'Filter pressure: keep 180 (this device)' }).check();
      await dialog.getByRole('button', { name: 'Send with these choices' }).click();
      await page.getByText('The form saved on this device has been sent.').waitFor(FIRST_LOAD);
      await expect
        .poll(() => serverValues())
        .toEqual({ 'Hall note': 'Belt worn on fan 2', 'Filter pressure': 180 });

      // The photo went with it, and the timed work became time on the ticket's form.
      const attachments = z.object({ content: z.array(z.object({ filename: z.string() })) }).parse(
        await call('entities.forms.listAttachments', {
          entityType: 'TICKET',
          entityId: ticketId,
          formIds: [formId],
          assetIds: [assetId],
        }),
      );
      expect(attachments.content.map((one) => one.filename)).toContain('fan-2-belt.jpg');
      const metadata = z
        .object({
          content: z.array(
            z.object({ formId: z.number(), assetId: z.number(), formTimeTracker: z.array(z.unknown()) }),
          ),
        })
        .parse(
          await call('entities.forms.listMetadata', {
            entityType: 'TICKET',
            entityId: ticketId,
            formIds: [formId],
          }),
        );
      const tracker = metadata.content.find((one) => one.assetId === assetId)?.formTimeTracker ?? [];
      expect(tracker.length).toBeGreaterThan(0);
      // Sent once: the banner is gone, and a reload finds the device empty and the server's values.
      await page.getByText('Saved on this device, not sent yet').waitFor({ state: 'detached' });
      await page.reload();
      await expect
        .poll(() => form.getByRole('textbox', { name: /Filter pressure/ }).inputValue(), FIRST_LOAD)
        .toBe('180');
      expect(await page.getByText('Saved on this device, not sent yet').count()).toBe(0);
      await context.close();
    });
  },
);
