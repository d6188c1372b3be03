import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { contract } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { startSimulator, type Simulator } from '../apps/server/src/demo/simulator.ts';
import { assetProperties, assets, users } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SCREENS = path.resolve('.tmp/screens');
/** The first screen after sign-in loads its section, the assets and the metric catalogue. */
const FIRST_LOAD = { timeout: 15_000 };
/** Northwind Ashburn, Building A: Data Hall 1 (default layout, rows A to D of two) and Data Hall 2 (vertical). */
const HALL_1_PREFIX = 'NW-ASH-A1-';
const HALL_2_PREFIX = 'NW-ASH-A2-';

interface HallUnits {
  hallId: number;
  /** Unit names in name order (NW-ASH-A1-01 …). */
  names: string[];
}

describe.skipIf(!chromiumAvailable())('data hall: a hall’s units where they stand, with live values', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let simulator: Simulator;
  let hall1: HallUnits = { hallId: 0, names: [] };
  let hall2: HallUnits = { hallId: 0, names: [] };

  /** The units whose name property starts with `prefix`, and the hall they stand in (split units' too). */
  async function hallOf(prefix: string): Promise<HallUnits> {
    const db = server.database.db;
    const rows = await db
      .select({ assetId: assets.assetId, parentAssetId: assets.parentAssetId, name: assetProperties.value })
      .from(assets)
      .innerJoin(assetProperties, eq(assetProperties.assetId, assets.assetId))
      .where(
        and(
          eq(assets.assetTypeId, ASSET_TYPE.unit),
          eq(assetProperties.name, 'name'),
          like(assetProperties.value, `${prefix}%`),
        ),
      );
    // The hall is the parent of the units not in a split unit: the parent that is a data hall.
    const parents = await db
      .select({ assetId: assets.assetId })
      .from(assets)
      .where(
        and(
          inArray(
            assets.assetId,
            rows.flatMap((row) => (row.parentAssetId === null ? [] : [row.parentAssetId])),
          ),
          eq(assets.assetTypeId, ASSET_TYPE.datahall),
        ),
      );
    return {
      hallId: parents[0]?.assetId ?? 0,
      names: rows.map((row) => row.name).sort(),
    };
  }

  /** Every unit in the hall Healthy: the simulator's first readings have arrived. */
  async function waitForReadings(assetIds: number[]) {
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@northwind.example'));
    const token = await server.mintIdToken(admin?.identityId ?? '');
    // expect.poll belongs to tests: a loop of its own here, before any test runs.
    const healthyCount = async () => {
      const answer = await fetch(`${server.url}/api/assets.state.list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ assetIds, activeInterval: 'PT10M' }),
      });
      const states = contract.assetsStateList.output.parse(await answer.json());
      return states.filter((state) => state.health === 'HEALTHY').length;
    };
    const until = Date.now() + 30_000;
    while ((await healthyCount()) < assetIds.length) {
      if (Date.now() > until) throw new Error('The simulator’s readings did not arrive within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    hall1 = await hallOf(HALL_1_PREFIX);
    hall2 = await hallOf(HALL_2_PREFIX);
    simulator = await startSimulator({
      db: server.database.db,
      timeseries: server.timeseries,
      log: server.app.log,
      baseUrl: server.url,
      options: { enabled: true, intervalMs: 1_000, metricsPerUnit: 20, backfillUnits: 0, transport: 'http' },
    });
    const unitIds = await server.database.db
      .select({ assetId: assets.assetId })
      .from(assets)
      .where(and(eq(assets.parentAssetId, hall1.hallId), eq(assets.assetTypeId, ASSET_TYPE.unit)));
    await waitForReadings(unitIds.map((unit) => unit.assetId));
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await simulator.stop();
    await browser.close();
    await server.close();
  });

  const unitTile = (page: Page, name: string) =>
    page.getByRole('group', { name: /^Units of / }).getByRole('button', { name: new RegExp(`^${name}: `) });
  const labelOf = async (tile: Locator) => (await tile.getAttribute('aria-label')) ?? '';
  const boxOf = async (tile: Locator) => {
    const box = await tile.boundingBox();
    if (!box) throw new Error('The unit is not drawn');
    return box;
  };

  // An option is named by the metric's name and then its alias.
  async function chooseMetric(page: Page, search: string, option: string) {
    const picker = page.getByRole('textbox', { name: 'Value on each unit' });
    await picker.click();
    await picker.fill(search);
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
  }

  it('draws the hall’s units in rows with live health and the chosen metric’s value, and follows a new choice', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/datahall/${hall1.hallId}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Data Hall 1' }).count(), FIRST_LOAD)
      .toBe(1);
    const plan = page.getByRole('group', { name: 'Units of Data Hall 1' });
    await expect.poll(() => plan.getByRole('button').count(), FIRST_LOAD).toBe(hall1.names.length);
    expect(hall1.names).toHaveLength(8);

    // The default layout: one row per recorded row letter (A to D), two positions in each.
    const boxes = await Promise.all(hall1.names.map((name) => boxOf(unitTile(page, name))));
    for (let row = 0; row < 4; row++) {
      const [first, second] = [boxes[row * 2], boxes[row * 2 + 1]];
      if (!first || !second) throw new Error('A unit is missing');
      expect(second.y).toBe(first.y);
      expect(second.x).toBeGreaterThan(first.x + first.width - 1);
      const below = boxes[row * 2 + 2];
      if (below) {
        expect(below.x).toBe(first.x);
        expect(below.y).toBeGreaterThan(first.y + first.height - 1);
      }
    }

    // Live health: every unit of the hall sends, so every one is healthy.
    for (const name of hall1.names) {
      await expect.poll(() => labelOf(unitTile(page, name)), FIRST_LOAD).toBe(`${name}: Healthy`);
    }

    // A metric on each unit: its live value with its units, changing as readings arrive.
    await chooseMetric(page, 'temperature.supplyAir', 'Supply air temperature temperature.supplyAir');
    // A tile's name reads as its text (name, state, value); the metric is named by the picker and the tile's title.
    const supplyAir = /: Healthy, -?\d+\.\d °C$/;
    for (const name of hall1.names) {
      await expect.poll(() => labelOf(unitTile(page, name))).toMatch(supplyAir);
      expect(await unitTile(page, name).getAttribute('title')).toMatch(/: Healthy, Supply air temperature /);
    }
    const values = async () => (await plan.getByRole('button').allTextContents()).join('|');
    const before = await values();
    await expect.poll(values, { timeout: 15_000 }).not.toBe(before);
    await page.screenshot({ path: path.join(SCREENS, 'datahall-e2e-1440.png') });

    // Another metric replaces it on every unit.
    await chooseMetric(page, 'humidity.return', 'Return relative humidity humidity.return');
    const humidity = /: Healthy, \d+(\.\d+)? %RH$/;
    for (const name of hall1.names) {
      await expect.poll(() => labelOf(unitTile(page, name))).toMatch(humidity);
      expect(await unitTile(page, name).getAttribute('title')).toMatch(
        /: Healthy, Return relative humidity /,
      );
    }
    expect(await plan.getByText('°C').count()).toBe(0);
    await page.close();
  });

  it('draws a vertical hall as one column and opens a unit’s live view from it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/datahall/${hall2.hallId}`);
    const plan = page.getByRole('group', { name: 'Units of Data Hall 2' });
    // Its own three units and the two under its split unit.
    await expect.poll(() => plan.getByRole('button').count(), FIRST_LOAD).toBe(hall2.names.length);
    expect(hall2.names).toHaveLength(5);
    const boxes = await Promise.all(hall2.names.map((name) => boxOf(unitTile(page, name))));
    const lefts = new Set(boxes.map((box) => box.x));
    expect(lefts.size).toBe(1);
    const tops = boxes.map((box) => box.y);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await page.screenshot({ path: path.join(SCREENS, 'datahall-e2e-390.png'), fullPage: true });

    const name = hall2.names[0] ?? '';
    const [unit] = await server.database.db
      .select({ assetId: assetProperties.assetId })
      .from(assetProperties)
      .where(and(eq(assetProperties.name, 'name'), eq(assetProperties.value, name)));
    await unitTile(page, name).click();
    await page.waitForURL(new RegExp(`#/user/devices/${unit?.assetId ?? 0}/liveView$`));
    await expect.poll(() => page.getByRole('heading', { level: 2, name }).count(), FIRST_LOAD).toBe(1);
    await page.close();
  });
});
