import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ASSET_TYPE } from '@kelvin/domain';
import { monitorGroups } from '../apps/server/src/platform/db/problemsSchema.ts';
import { assets, companies, users, userToursSeen } from '../apps/server/src/platform/db/schema.ts';
import { tickets } from '../apps/server/src/platform/db/ticketsSchema.ts';
import { insertProblem, insertRule } from '../apps/server/src/modules/problems/problemsTestFixture.ts';
import { axeFindings, formatScreenReport, sortFindings, type AxeFinding } from './support/axe.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';
import { KNOWN_FINDINGS } from './support/axeKnownFindings.ts';
import { screens, type Fixture, type Screen } from './support/axeScreens.ts';
import { keyboardJourneys } from './support/keyboardJourneys.ts';

type Scheme = 'light' | 'dark';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Every finding of the run, when KELVIN_AXE_REPORT names a file: the list the findings file is written from. */
const REPORT_FILE = process.env.KELVIN_AXE_REPORT;
const report: { screen: string; findings: AxeFinding[] }[] = [];

let server: ConsoleServer;
let browser: Browser;
let fixture: Fixture;

/** Where the console keeps this browser's colour scheme: Mantine's default key, and the console's own. */
const SCHEME_KEYS = ['mantine-color-scheme-value', 'kelvin.colorScheme'];

/** A context that starts light; `useScheme` turns it dark and back in place. */
async function lightContext(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, colorScheme: 'light' });
  await context.addInitScript((keys) => {
    for (const key of keys) window.localStorage.setItem(key, 'light');
  }, SCHEME_KEYS);
  return context;
}

/**
 * Turns the open page to the scheme without reloading it, so that one visit checks both: the system's preference
 * (which 'auto' follows) and the stored choice, announced as another tab would (Mantine's manager listens to
 * 'storage'). Fails unless the console then draws in that scheme, so that dark is never checked as light.
 */
async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(
    ({ keys, value }) => {
      for (const key of keys) {
        window.localStorage.setItem(key, value);
        window.dispatchEvent(
          new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }),
        );
      }
    },
    { keys: SCHEME_KEYS, value: scheme },
  );
  await page.waitForFunction(
    (expected) => {
      const drawn = document.documentElement.dataset.mantineColorScheme;
      // The identity provider's sign-in form is not a Mantine page: it follows the system's preference.
      if (drawn === undefined) return window.matchMedia(`(prefers-color-scheme: ${expected})`).matches;
      return drawn === expected;
    },
    scheme,
    { timeout: 5_000 },
  );
  // Colours that change with a transition are measured once it has run.
  await page.waitForTimeout(200);
}

/**
 * Visits the screen, waits for its content, and runs axe in light and then dark; fails on any serious or critical
 * violation that is not known, with every finding printed.
 */
async function checkScreen(page: Page, screen: Screen, where: string): Promise<void> {
  await page.goto(`${server.url}/#${screen.path(fixture)}`);
  await expect.poll(() => screen.ready(page).first().isVisible(), { timeout: 20_000 }).toBe(true);
  await screen.open?.(page);
  await settle(page);
  // Checked at rest: a pointer left over a row by the last click would be measured as a hover.
  await page.mouse.move(0, 0);
  const failures: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    const label = `${screen.name} (${scheme}, ${where})`;
    const findings = await axeFindings(page);
    report.push({ screen: label, findings });
    const sorted = sortFindings(findings, screen.name, KNOWN_FINDINGS);
    const text = formatScreenReport(label, sorted);
    if (text) console.log(text);
    if (sorted.blocking.length > 0) failures.push(text);
  }
  await useScheme(page, 'light');
  // What the screen opened (a dialog, a drawer, a popover) closes, or it would stay over the next screen of the
  // same layout.
  if (screen.open) await page.keyboard.press('Escape');
  expect(failures, failures.join('\n')).toEqual([]);
}

/** Waits (up to 5 s, then checks as it is) until no loader spins, so axe sees the data, not a placeholder. */
async function settle(page: Page): Promise<void> {
  const spinning = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('.mantine-Loader')).some(
        (loader) => loader.getClientRects().length > 0,
      ),
    );
  await expect
    .poll(spinning, { timeout: 5_000 })
    .toBe(false)
    .catch(() => undefined);
}

describe.skipIf(!chromiumAvailable())('accessibility: axe-core on every screen, light and dark', () => {
  beforeAll(async () => {
    // KELVIN_WEB_DIST, as the server reads it, lets a build outside apps/web/dist be tested.
    const dist = process.env.KELVIN_WEB_DIST;
    server = await startConsoleServer(dist ? { KELVIN_WEB_DIST: dist } : {});
    browser = await launchChromium();
    fixture = await loadFixture(server);
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
    if (REPORT_FILE) {
      mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
      writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2));
    }
    console.log(
      `Known findings allowed until their owners fix them (${KNOWN_FINDINGS.length}):\n` +
        KNOWN_FINDINGS.map((known) => `  ${known.rule} at ${String(known.selector)} (${known.owner})`).join(
          '\n',
        ),
    );
  });

  describe('signed out, 1440×900', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await lightContext(DESKTOP);
      page = await context.newPage();
    });
    afterAll(() => context.close());

    it.each(screens.filter((screen) => screen.signedOut))('$name, light and dark', async (screen) => {
      await checkScreen(page, screen, '1440×900');
    });
  });

  for (const [size, viewport] of [
    ['1440×900', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    describe(`signed in, ${size}`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await lightContext(viewport);
        page = await context.newPage();
        await signIn(page, server.url, 'admin@kelvin.example');
      });
      afterAll(() => context.close());

      const list = screens.filter((screen) => !screen.signedOut && (viewport === DESKTOP || screen.phone));
      it.each(list)('$name, light and dark', async (screen) => {
        await checkScreen(page, screen, size);
      });
    });
  }

  describe('keyboard only', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      // The dashboard's first-visit tour is checked above; here it would stand between the keys and the shell.
      await server.database.db
        .insert(userToursSeen)
        .values({ userId: fixture.adminId, tour: 'AssetDashboardTourSeen' })
        .onConflictDoNothing();
      context = await lightContext(DESKTOP);
      page = await context.newPage();
      await signIn(page, server.url, 'admin@kelvin.example');
    });
    afterAll(() => context.close());

    it.each(keyboardJourneys)('$name', async (journey) => {
      await journey.run(page, server.url, fixture);
    });
  });
});

async function loadFixture(consoleServer: ConsoleServer): Promise<Fixture> {
  const db = consoleServer.database.db;
  const [northwind] = await db.select().from(companies).where(eq(companies.name, 'Northwind Data Centers'));
  const companyId = northwind?.companyId ?? 0;
  const ofType = (assetTypeId: number) =>
    db
      .select({ assetId: assets.assetId })
      .from(assets)
      .where(and(eq(assets.companyId, companyId), eq(assets.assetTypeId, assetTypeId)))
      .orderBy(asc(assets.assetId));
  const units = await ofType(ASSET_TYPE.unit);
  const [hall] = await ofType(ASSET_TYPE.datahall);
  const [ticket] = await db
    .select({ ticketId: tickets.ticketId })
    .from(tickets)
    .where(eq(tickets.companyId, companyId))
    .orderBy(asc(tickets.ticketId));
  const [group] = await db
    .select({ monitorGroupId: monitorGroups.monitorGroupId })
    .from(monitorGroups)
    .where(eq(monitorGroups.companyId, companyId))
    .orderBy(asc(monitorGroups.monitorGroupId));
  const [user] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.userId));
  const [admin] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(users.email, 'admin@kelvin.example'));
  const [first, second] = units;
  if (!first || !second || !hall || !ticket || !group || !user || !admin) {
    throw new Error('The demo lacks a Northwind unit pair, data hall, ticket, monitor group or user');
  }
  // A problem to list, open in the drawer and show on the unit's pages.
  const rule = await insertRule(db, {
    companyId,
    name: 'Return air humidity high (a11y)',
    impactLevel: 'CRITICAL',
    description: 'Return air relative humidity above 60 % for 5 minutes',
    tags: ['humidity'],
  });
  await insertProblem(db, {
    rule,
    assetId: first.assetId,
    companyId,
    openedMinutesAgo: 30,
    lastEventMinutesAgo: 1,
    metricAlias: 'humidity.returnAir',
  });
  return {
    companyId,
    unitId: first.assetId,
    otherUnitId: second.assetId,
    hallId: hall.assetId,
    ticketId: ticket.ticketId,
    monitorGroupId: group.monitorGroupId,
    userId: user.userId,
    adminId: admin.userId,
  };
}
