import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { companies } from '../apps/server/src/platform/db/schema.ts';
import { apiCallerFor, type ApiCall } from './support/apiCaller.ts';
import { axeFindings, formatScreenReport, sortFindings } from './support/axe.ts';
import { KNOWN_FINDINGS } from './support/axeKnownFindings.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { DEMO_PASSWORD, startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SHOTS = path.resolve('.tmp/shots/B1');
const FIRST_LOAD = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A Wednesday `weeksAhead` weeks on (UTC): the screen is opened on it, in UTC, so that slots are where the test
 * says. The drags use a week far beyond the demo's two weeks of entries, so that every slot they use is free.
 */
function wednesday(weeksAhead: number): string {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = new Date(today).getUTCDay();
  return new Date(today + ((3 - weekday + 7) % 7) * DAY + weeksAhead * 7 * DAY).toISOString().slice(0, 10);
}

/**
 * Signs a demo user in as support/signIn.ts does, with the button's exact name: the identity page now offers
 * 'Sign in with NetSuite (provider staff)' beside 'Sign in'.
 */
async function signIn(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.goto(`${serverUrl}/#/login`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/#\/user\/dashboard/);
}

const scheduleAnswer = z.object({ scheduleId: z.number(), startsAt: z.string(), endsAt: z.string() });

describe.skipIf(!chromiumAvailable())('scheduling: who goes where, when', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let call: ApiCall;
  let token = '';
  let companyId = 0;
  let people: { userId: number; name: string }[] = [];
  const day = wednesday(10);
  /** This week's Wednesday: the screenshots show it among the demo's entries. */
  const thisWeek = wednesday(0);
  const at = (offsetDays: number, hour: number, base = day) =>
    new Date(Date.parse(`${base}T00:00:00Z`) + offsetDays * DAY + hour * HOUR).toISOString();
  const screen = (query = '', date = day) => `${server.url}/#/user/scheduling?date=${date}&tz=UTC${query}`;

  async function plan(body: Record<string, unknown>) {
    return scheduleAnswer.parse(
      await call('schedules.create', { companyId, timeZoneId: 'UTC', confirmed: true, ...body }),
    );
  }

  async function open(page: Page, query = '', date = day) {
    await page.goto(screen(query, date));
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Scheduling' }).count(), FIRST_LOAD)
      .toBe(1);
  }

  async function useDark(page: Page, dark: boolean) {
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await page.evaluate(
      (value) => {
        for (const key of ['mantine-color-scheme-value', 'kelvin.colorScheme']) {
          localStorage.setItem(key, value);
          window.dispatchEvent(
            new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }),
          );
        }
      },
      dark ? 'dark' : 'light',
    );
    await page.waitForFunction(
      (expected) => document.documentElement.dataset.mantineColorScheme === expected,
      dark ? 'dark' : 'light',
    );
    await page.waitForTimeout(250);
  }

  /** The middle of a time slot in a day's column of the week view. */
  async function slotPoint(page: Page, date: string, time: string) {
    const column = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
    const slot = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
    if (!column || !slot) throw new Error(`No slot ${date} ${time}`);
    return { x: column.x + column.width / 2, y: slot.y + slot.height / 2 };
  }

  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 6, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
  }

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const caller = await apiCallerFor(server, 'admin@kelvin.example');
    call = caller.call;
    token = caller.token;
    const [northwind] = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Northwind Data Centers'));
    companyId = northwind?.companyId ?? 0;
    const answer = await fetch(`${server.url}/api/schedules/resources`, {
      headers: { authorization: `Bearer ${token}` },
    });
    people = z
      .object({ content: z.array(z.object({ userId: z.number(), name: z.string() })) })
      .parse(await answer.json()).content;
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('plans an entry by dragging across the week, warns of a double booking, and moves an entry by dragging', async () => {
    const tech = people[0];
    if (!tech) throw new Error('The demo has no technician');
    // Wednesday off, Tuesday morning booked.
    await plan({
      type: 'timeOff',
      title: 'Dentist day',
      startsAt: at(0, 0),
      endsAt: at(1, 0),
      resourceIds: [tech.userId],
    });
    await plan({
      type: 'siteVisit',
      title: 'Coil cleaning',
      startsAt: at(-1, 9),
      endsAt: at(-1, 12),
      resourceIds: [tech.userId],
    });
    const moving = await plan({
      type: 'travel',
      title: 'Drive to Dallas',
      startsAt: at(1, 8),
      endsAt: at(1, 9),
      resourceIds: [tech.userId],
    });
    const tuesday = new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    const thursday = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@kelvin.example');
    await open(page);
    await expect
      .poll(() => page.locator('.fc-event', { hasText: 'Coil cleaning' }).count(), FIRST_LOAD)
      .toBe(1);

    // Drag Thursday 10:00 → 11:00: the dialog opens on that range.
    await drag(
      page,
      await slotPoint(page, thursday, '10:00:00'),
      await slotPoint(page, thursday, '10:30:00'),
    );
    const dialog = page.getByRole('dialog', { name: 'New entry' });
    await dialog.waitFor({ timeout: 5_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(SHOTS, 'debug-drag.png') });
      throw error;
    });
    await expect.poll(() => dialog.getByText(/10:00 AM/).count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.getByText(/11:00 AM/).count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Replace humidifier cylinders');
    await dialog.getByLabel('Technicians').click();
    await page.getByRole('option', { name: tech.name, exact: true }).click();
    // The technicians' list stays open for more: a click beside it closes it.
    await dialog.getByRole('heading', { name: 'New entry' }).click();
    await dialog.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: 'Northwind Data Centers' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.locator('.fc-event', { hasText: 'Replace humidifier cylinders' }).count())
      .toBe(1);

    // A second entry dragged on Wednesday: the technician is off that day, and the dialog says so before saving.
    await drag(page, await slotPoint(page, day, '13:00:00'), await slotPoint(page, day, '13:30:00'));
    await dialog.waitFor({ timeout: 5_000 });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Filter change');
    await dialog.getByLabel('Technicians').click();
    await page.getByRole('option', { name: tech.name, exact: true }).click();
    // The technicians' list stays open for more: a click beside it closes it.
    await dialog.getByRole('heading', { name: 'New entry' }).click();
    await dialog.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: 'Northwind Data Centers' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'Conflicts: 1 time off' });
    await expect.poll(() => conflict.count()).toBe(1);
    await expect.poll(() => conflict.getByText(/Dentist day/).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'dialog-conflict-1440-light.png') });
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.locator('.fc-event', { hasText: 'Filter change' }).count()).toBe(1);

    // Thursday's drive dragged onto Tuesday morning: a double booking, moved only once the planner says so.
    const event = page.locator('.fc-event', { hasText: 'Drive to Dallas' });
    const box = await event.boundingBox();
    if (!box) throw new Error('The entry is not drawn');
    const target = await slotPoint(page, tuesday, '10:00:00');
    await drag(page, { x: box.x + box.width / 2, y: box.y + 5 }, { x: target.x, y: target.y - 5 });
    const ask = page.getByRole('dialog', { name: 'Move anyway?' });
    await ask.waitFor({ timeout: 10_000 });
    await expect.poll(() => ask.getByText(/Coil cleaning/).count()).toBe(1);
    await ask.getByRole('button', { name: 'Move anyway' }).click();
    await expect
      .poll(async () => {
        const answer = await fetch(`${server.url}/api/schedules/${moving.scheduleId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return scheduleAnswer.parse(await answer.json()).startsAt;
      })
      .toMatch(new RegExp(`^${tuesday}T10:00:00`));
    await page.close();
  });

  it('shows a week of leave from 08:00 as one band in the all-day row, moved by whole days with its times', async () => {
    const tech = people[2] ?? people[0];
    if (!tech) throw new Error('The demo has no technician');
    const leaveWeek = wednesday(12);
    const leave = await plan({
      type: 'timeOff',
      title: 'Parental leave',
      startsAt: at(-2, 8, leaveWeek),
      endsAt: at(2, 17, leaveWeek),
      resourceIds: [tech.userId],
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@kelvin.example');
    await open(page, '', leaveWeek);
    // One band in the all-day row, not five columns of the hours filled from top to bottom.
    const band = page.locator('.fc-daygrid-event', { hasText: 'Parental leave' });
    await expect.poll(() => band.count(), FIRST_LOAD).toBe(1);
    expect(await page.locator('.fc-timegrid-event', { hasText: 'Parental leave' }).count()).toBe(0);
    await expect.poll(() => band.textContent()).toMatch(/08:00:00 AM – \S+ 05:00:00 PM/);
    await page.screenshot({ path: path.join(SHOTS, 'band-1440-light.png') });

    // Dragged one day right: both ends move a day, at the same times of day.
    const box = await band.boundingBox();
    const monday = at(-2, 0, leaveWeek).slice(0, 10);
    const tuesday = at(-1, 0, leaveWeek).slice(0, 10);
    const from = await page.locator(`td.fc-daygrid-day[data-date="${monday}"]`).boundingBox();
    const to = await page.locator(`td.fc-daygrid-day[data-date="${tuesday}"]`).boundingBox();
    if (!box || !from || !to) throw new Error('The band or its days are not drawn');
    const y = box.y + box.height / 2;
    await drag(page, { x: from.x + from.width / 2, y }, { x: to.x + to.width / 2, y });
    await expect
      .poll(async () => {
        const answer = await fetch(`${server.url}/api/schedules/${leave.scheduleId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const moved = scheduleAnswer.parse(await answer.json());
        return `${moved.startsAt} ${moved.endsAt}`;
      })
      .toMatch(new RegExp(`^${at(-1, 8, leaveWeek).slice(0, 19)}.* ${at(3, 17, leaveWeek).slice(0, 19)}`));
    await page.close();
  });

  it('gives each user a private calendar feed URL to subscribe to, and a reset that retires the old one', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@kelvin.example');
    await open(page);
    await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
    const field = dialog.getByRole('textbox', { name: 'Your feed URL' });
    await expect.poll(() => field.inputValue(), FIRST_LOAD).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await field.inputValue();
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    await dialog.getByRole('button', { name: 'Reset URL' }).click();
    const ask = page.getByRole('dialog', { name: 'Reset calendar feed URL' });
    await ask.getByRole('button', { name: 'Reset URL' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await field.inputValue())).status).toBe(200);
    await page.close();
  });

  it('keeps the view, style, zone and filters in the address through a reload, and opens an entry by its id', async () => {
    const tech = people[1] ?? people[0];
    if (!tech) throw new Error('The demo has no technician');
    const entry = await plan({
      type: 'remoteAssist',
      title: 'Remote firmware check',
      startsAt: at(0, 15),
      endsAt: at(0, 16),
      resourceIds: [tech.userId],
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@kelvin.example');
    await open(page);
    await page.locator('label', { hasText: /^Month$/ }).click();
    await page.getByRole('combobox', { name: 'View style' }).click();
    await page.getByRole('option', { name: 'Europe' }).click();
    await page.getByRole('combobox', { name: 'Ticket association' }).click();
    await page.getByRole('option', { name: 'Has No Tickets' }).click();
    await expect.poll(() => page.url()).toMatch(/view=month/);
    await expect.poll(() => page.url()).toMatch(/style=EU/);
    await expect.poll(() => page.url()).toMatch(/tickets=WITHOUT_TICKETS/);
    await page.reload();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Month', checked: true }).count(), FIRST_LOAD)
      .toBe(1);
    await expect.poll(() => page.getByRole('combobox', { name: 'View style' }).inputValue()).toBe('Europe');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Ticket association' }).inputValue())
      .toBe('Has No Tickets');
    // Europe: the month's first column is Monday.
    await expect.poll(() => page.locator('.fc-col-header-cell').first().textContent()).toBe('Mon');

    await open(page, `&scheduleId=${entry.scheduleId}`);
    const dialog = page.getByRole('dialog', { name: /Remote firmware check/ });
    await dialog.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Title' }).inputValue())
      .toBe('Remote firmware check');
    await page.close();
  });

  it('draws week, month and agenda in light and dark, axe-clean, and a phone week as a list of days', async () => {
    const [first, second, third] = people;
    if (!first) throw new Error('The demo has no technician');
    const ids = (list: ({ userId: number } | undefined)[]) =>
      list.flatMap((person) => (person ? [person.userId] : []));
    await plan({
      type: 'timeOff',
      title: 'Annual leave',
      startsAt: at(-2, 0, thisWeek),
      endsAt: at(-1, 0, thisWeek),
      resourceIds: ids([second]),
    });
    await plan({
      type: 'reminder',
      title: 'Order filters',
      startsAt: at(1, 16, thisWeek),
      endsAt: at(1, 17, thisWeek),
      resourceIds: ids([third ?? first]),
      confirmed: false,
    });
    await plan({
      type: 'siteVisit',
      title: 'Chiller commissioning',
      startsAt: at(2, 10, thisWeek),
      endsAt: at(2, 14, thisWeek),
      resourceIds: ids([first, second]),
      confirmed: false,
    });
    await plan({
      type: 'other',
      title: 'Team meeting',
      startsAt: at(-1, 13, thisWeek),
      endsAt: at(-1, 14, thisWeek),
      resourceIds: ids([first, second, third]),
    });

    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@kelvin.example');
    for (const view of ['week', 'month', 'agenda'] as const) {
      await open(page, view === 'week' ? '' : `&view=${view}`, thisWeek);
      await expect.poll(() => page.locator('.fc-event').count(), FIRST_LOAD).toBeGreaterThan(2);
      await page.mouse.move(0, 0);
      for (const dark of [false, true]) {
        await useDark(page, dark);
        await page.screenshot({
          path: path.join(SHOTS, `${view}-1440-${dark ? 'dark' : 'light'}.png`),
          fullPage: true,
        });
        const sorted = sortFindings(await axeFindings(page), 'scheduling', KNOWN_FINDINGS);
        const label = `scheduling ${view} (${dark ? 'dark' : 'light'})`;
        expect(sorted.blocking, formatScreenReport(label, sorted)).toEqual([]);
      }
      await useDark(page, false);
    }
    await page.close();

    const phone = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(phone, server.url, 'admin@kelvin.example');
    await open(phone, '', thisWeek);
    // The content first: a week reads as a list per day, the filters wait behind their button.
    await expect.poll(() => phone.locator('.fc-list-day').count(), FIRST_LOAD).toBeGreaterThan(1);
    await expect.poll(() => phone.getByRole('combobox', { name: 'Ticket association' }).count()).toBe(0);
    for (const dark of [false, true]) {
      await useDark(phone, dark);
      await phone.screenshot({
        path: path.join(SHOTS, `week-390-${dark ? 'dark' : 'light'}.png`),
        fullPage: true,
      });
      const sorted = sortFindings(await axeFindings(phone), 'scheduling', KNOWN_FINDINGS);
      expect(
        sorted.blocking,
        formatScreenReport(`scheduling phone (${dark ? 'dark' : 'light'})`, sorted),
      ).toEqual([]);
    }
    await useDark(phone, false);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.getByRole('button', { name: 'Filters' }).click();
    const drawer = phone.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByRole('combobox', { name: 'Ticket association' }).count()).toBe(1);
    await phone.screenshot({ path: path.join(SHOTS, 'filters-390-light.png') });
    await phone.close();
  });
});
