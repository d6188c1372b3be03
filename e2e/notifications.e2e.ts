import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { assets, companies } from '../apps/server/src/platform/db/schema.ts';
import { insertProblem, insertRule } from '../apps/server/src/modules/problems/problemsTestFixture.ts';
import {
  noticeOf,
  RECEIVER_ALLOW_NETWORKS,
  startReceiver,
} from '../apps/server/src/modules/notifications/notificationsTestFixture.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SHOTS = path.resolve('.tmp/shots/notifications');
/** The first screen after sign-in loads its section and the fleet: longer than expect.poll's default. */
const FIRST_LOAD = { timeout: 15_000 };
/** KELVIN_WEB_DIST, as the server reads it, lets a build outside apps/web/dist be tested. */
const WEB_BUILD: Record<string, string> = process.env.KELVIN_WEB_DIST
  ? { KELVIN_WEB_DIST: process.env.KELVIN_WEB_DIST }
  : {};

describe.skipIf(!chromiumAvailable())('notifications: the bell, live, and the settings page', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let companyId = 0;
  let unit = { assetId: 0, name: '' };
  const problemIds: number[] = [];
  let secret = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let current: Page | undefined;

  beforeAll(async () => {
    // The receiver listens on 127.0.0.1: webhooks reach it only because the server's allow list admits it.
    server = await startConsoleServer({
      ...WEB_BUILD,
      KELVIN_WEBHOOK_ALLOW_NETWORKS: RECEIVER_ALLOW_NETWORKS,
    });
    browser = await launchChromium();
    receiver = await startReceiver({ secret: () => secret });
    const db = server.database.db;
    const [northwind] = await db.select().from(companies).where(eq(companies.name, 'Northwind Data Centers'));
    companyId = northwind?.companyId ?? 0;
    const [first] = await db
      .select({ assetId: assets.assetId, name: assets.name })
      .from(assets)
      .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, 4)))
      .orderBy(asc(assets.assetId));
    unit = { assetId: first?.assetId ?? 0, name: first?.name ?? '' };
    const critical = await insertRule(db, {
      companyId,
      name: 'Supply air too warm',
      description: 'Average supply air above the critical limit',
    });
    const warning = await insertRule(db, { companyId, name: 'Filter pressure high', impactLevel: 'WARNING' });
    for (const rule of [critical, warning]) {
      const problem = await insertProblem(db, {
        rule,
        assetId: unit.assetId,
        companyId,
        openedMinutesAgo: 3,
      });
      problemIds.push(problem.detectedProblemId);
    }
    mkdirSync(SHOTS, { recursive: true });
  });
  // A failed step leaves a picture of the page it failed on.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && current && !current.isClosed())
      await current.screenshot({ path: path.join(SHOTS, `failed-${context.task.name.slice(0, 30)}.png`) });
  });
  afterAll(async () => {
    await browser.close();
    await receiver.close();
    await server.close();
  });

  /** Popovers and dialogs fade in; a picture taken at once catches them half drawn. */
  const settle = (page: Page) => page.waitForTimeout(400);
  const bell = (page: Page, name: string | RegExp) => page.getByRole('banner').getByRole('button', { name });

  it('a notice handed to the notifier rings the bell live; opening it marks it read', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    current = page;
    await signIn(page, server.url, 'admin@northwind.example');
    await expect.poll(() => bell(page, 'Notifications').count(), FIRST_LOAD).toBe(1);

    // What the evaluator does after it commits a new critical problem.
    await server.notifier.notify([
      await noticeOf(server.database.db, problemIds[0] ?? 0, 'OPENED', {}, unit.name),
    ]);
    await expect.poll(() => bell(page, 'Notifications, 1 unread').count()).toBe(1);
    await expect.poll(() => page.getByText(`Critical: Supply air too warm on ${unit.name}`).count()).toBe(1);

    await bell(page, 'Notifications, 1 unread').click();
    const centre = page.getByRole('dialog', { name: /^Notifications/ });
    const item = centre.getByRole('button', { name: /^Critical: Supply air too warm, .+, unread$/ });
    await expect.poll(() => item.count()).toBe(1);
    await item.click();
    await page.waitForURL(new RegExp(`#/user/devices/${unit.assetId}/problems`));
    await expect.poll(() => bell(page, 'Notifications').count()).toBe(1);

    // Two more, then all read at once.
    await server.notifier.notify([
      await noticeOf(server.database.db, problemIds[1] ?? 0, 'OPENED', {}, unit.name),
      await noticeOf(server.database.db, problemIds[0] ?? 0, 'ESCALATED', {}, unit.name),
    ]);
    await expect.poll(() => bell(page, 'Notifications, 2 unread').count()).toBe(1);
    await bell(page, 'Notifications, 2 unread').click();
    // One unit's three notices read as one entry: its name, how many, the unread, its worst level and its age.
    const entry = centre.getByRole('button', { name: `${unit.name}, 3 notices, 2 unread` });
    await expect.poll(() => entry.count()).toBe(1);
    expect(await centre.getByRole('listitem').count()).toBe(1);
    expect(await entry.textContent()).toMatch(
      new RegExp(`${unit.name} · 3 notices.*Critical · \\d+[ms]( \\d+s)? ago`),
    );
    // Unread is marked by a dot and weight, not a fill: the entry's row has no background.
    const fill = await centre
      .locator('li[data-unread]')
      .first()
      .evaluate((row) => getComputedStyle(row.firstElementChild ?? row).backgroundColor);
    expect(fill).toBe('rgba(0, 0, 0, 0)');
    await entry.click();
    const members = centre.getByRole('list', { name: `${unit.name} notices` }).getByRole('listitem');
    await expect.poll(() => members.count()).toBe(3);
    expect(await members.first().getByRole('button').first().getAttribute('aria-label')).toMatch(
      /^(Critical|Warning): .+, unread$/,
    );
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, 'centre-grouped-1440-light.png') });
    await centre.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell(page, 'Notifications').count()).toBe(1);
    await page.close();
  });

  it('adds a webhook, shows its secret once and sends a signed test the receiver accepts', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    current = page;
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/settings/notifications`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your notifications' }).count(), FIRST_LOAD)
      .toBe(1);
    // Saved as changed and shown from the server's answer: a click, then the saved state.
    await page.getByRole('checkbox', { name: 'Info' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Info' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText('Notification settings saved').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('On-call pager');
    await dialog.getByRole('textbox', { name: 'URL' }).fill('http://pager.example/kelvin');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect
      .poll(() => dialog.getByText('The URL must start with https:// (http:// only for localhost)').count())
      .toBe(1);
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => secretDialog.count()).toBe(1);
    secret = (await secretDialog.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, 'secret-1440-light.png') });
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('listitem', { name: 'On-call pager' });
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.getByText('Test delivered: answered 200').count()).toBe(1);
    expect(receiver.calls.map((call) => call.signatureValid)).toEqual([true]);
    await row.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries of On-call pager' });
    await expect.poll(() => deliveries.getByText('Delivered', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('looks right wide and narrow, light and dark', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    current = page;
    await signIn(page, server.url, 'admin@northwind.example');
    await server.notifier.notify([
      await noticeOf(server.database.db, problemIds[1] ?? 0, 'RESOLVED', {}, unit.name),
    ]);
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}/#/user/settings/notifications`);
        await page.reload();
        // The screenshots are only worth looking at in the scheme they are named for.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
          .toBe(scheme);
        await expect
          .poll(() => page.getByRole('listitem', { name: 'On-call pager' }).count(), FIRST_LOAD)
          .toBe(1);
        await page.screenshot({ path: path.join(SHOTS, `settings-${width}-${scheme}.png`), fullPage: true });
        await page
          .getByRole('listitem', { name: 'On-call pager' })
          .getByRole('button', { name: 'Deliveries' })
          .click();
        // A table on a wide screen, cards on a phone: either way the test delivery's status shows.
        const deliveries = page.getByRole('dialog', { name: 'Deliveries of On-call pager' });
        await expect
          .poll(() => deliveries.getByText('Delivered', { exact: true }).count())
          .toBeGreaterThan(0);
        await settle(page);
        await page.screenshot({ path: path.join(SHOTS, `deliveries-${width}-${scheme}.png`) });
        await page.keyboard.press('Escape');
        await bell(page, /^Notifications/).click();
        await expect
          .poll(() =>
            page
              .getByRole('dialog', { name: /^Notifications/ })
              .getByRole('listitem')
              .count(),
          )
          .toBeGreaterThan(0);
        await settle(page);
        await page.screenshot({ path: path.join(SHOTS, `centre-${width}-${scheme}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await page.close();
  });
});
