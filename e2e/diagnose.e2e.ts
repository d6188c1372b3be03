import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  assetProperties,
  assets,
  metrics,
  sharedViews,
  users,
  userToursSeen,
} from '../apps/server/src/platform/db/schema.ts';
import { addGroup, defaultDiagnoseView, setGroupAliases, type DiagnoseViewData } from '@kelvin/domain';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const CHARTED = ['temperature.supplyAir', 'temperature.returnAir', 'humidity.return'] as const;
/** What a CRAH opens on: its air temperatures and their setpoints, in this order. */
const STARTING = [
  'temperature.supplyAir',
  'temperature.returnAir',
  'temperature.supplyAirSetpoint',
  'temperature.returnAirSetpoint',
] as const;
const SCREENS = path.resolve('.tmp/screens');

describe.skipIf(!chromiumAvailable())('diagnose: charting a unit’s metrics', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let unitId = 0;
  let secondUnit = { assetId: 0, name: '' };
  let savedViewId = 0;
  let points: { assetId: number; alias: string; ts: number; value: number; status: number }[] = [];
  const names = new Map<string, string>();

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const db = server.database.db;
    const [unit, second] = await db
      .select({ assetId: assets.assetId, name: assets.name })
      .from(assets)
      .where(eq(assets.assetTypeId, 4))
      .orderBy(asc(assets.assetId))
      .limit(2);
    unitId = unit?.assetId ?? 0;
    // Shown by its name property, as the tree shows it.
    const [secondName] = await db
      .select({ value: assetProperties.value })
      .from(assetProperties)
      .where(and(eq(assetProperties.assetId, second?.assetId ?? 0), eq(assetProperties.name, 'name')));
    secondUnit = { assetId: second?.assetId ?? 0, name: secondName?.value ?? second?.name ?? '' };
    for (const row of await db
      .select()
      .from(metrics)
      .where(inArray(metrics.alias, [...CHARTED, ...STARTING, 'airflow.supply', 'alarm.level']))) {
      names.set(row.alias, row.name);
    }
    // An hour of readings every 30 s, the supply air silent for ten minutes in the middle (a gap to draw).
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, 'admin@kelvin.example')));
    const token = await server.mintIdToken(admin?.identityId ?? '');
    const now = Date.now();
    points = CHARTED.flatMap((alias, series) =>
      Array.from({ length: 120 }, (_, index) => ({
        assetId: unitId,
        alias,
        ts: now - 3_600_000 + index * 30_000,
        value: 18 + series * 10 + Math.sin(index / 8) * 2,
        // The return air reports a fault (status bit 0x04) for ten minutes; every other reading is OK (0x01).
        status: alias === 'temperature.returnAir' && index >= 80 && index < 100 ? 0x04 : 0x01,
      })).filter((point, index) => !(alias === 'temperature.supplyAir' && index >= 50 && index < 70)),
    );
    // What else a CRAH reports, flat, so that the unit opens on its temperatures, airflow and alarms.
    const flat = (
      [
        ['temperature.supplyAirSetpoint', 18],
        ['temperature.returnAirSetpoint', 30],
        ['airflow.supply', 21_000],
        ['airflow.return', 20_500],
        ['alarm.level', 0],
      ] as const
    ).flatMap(([alias, value]) =>
      Array.from({ length: 12 }, (_, index) => ({
        assetId: unitId,
        alias,
        ts: now - 3_600_000 + index * 300_000,
        value,
        status: 0x01,
      })),
    );
    // The second unit reports the supply air too, a degree warmer: to chart beside the first.
    const secondPoints = points
      .filter((point) => point.alias === 'temperature.supplyAir')
      .map((point) => ({ ...point, assetId: secondUnit.assetId, value: point.value + 1 }));
    const answer = await fetch(`${server.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ points: [...points, ...secondPoints, ...flat] }),
    });
    expect(answer.status).toBe(200);
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('picks three metrics, draws three series, zooms by dragging and zooms back out', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/user/devices/${unitId}/metrics`);
    // A user new to the screen is walked through it once; finishing it records AssetDiagnoseTourSeen.
    const tour = page.getByRole('dialog', { name: 'Tour of the diagnose screen' });
    await expect.poll(() => tour.count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-tour-1440.png') });
    for (let step = 1; step < 5; step++) await tour.getByRole('button', { name: 'Next' }).click();
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-tour-last-1440.png') });
    await tour.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => tour.count()).toBe(0);
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@kelvin.example'));
    const seen = await server.database.db
      .select()
      .from(userToursSeen)
      .where(eq(userToursSeen.userId, admin?.userId ?? 0));
    expect(seen.map((row) => row.tour)).toEqual(['AssetDiagnoseTourSeen']);
    // The unit opens on its temperatures, airflow and alarms, each a chart named for what it shows.
    const name = (alias: string) => names.get(alias) ?? alias;
    const temperatures = page.getByRole('img', { name: /^Temperatures: / });
    const chips = (title: string) =>
      page
        .locator('[data-tour="diagnose-group"]')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .locator('.mantine-Pill-root');
    await expect.poll(() => chips('Temperatures').allTextContents()).toEqual(STARTING.map(name));
    await expect.poll(() => chips('Airflow').allTextContents()).toContain(name('airflow.supply'));
    await expect.poll(() => chips('Alarms').allTextContents()).toEqual([name('alarm.level')]);
    expect(await page.getByText('Metrics of', { exact: false }).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-start-1440.png') });
    // Two groups removed, so that the temperatures chart is the screen's one chart below.
    for (const title of ['Airflow', 'Alarms']) {
      await page.getByRole('button', { name: `Actions of ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Remove group' }).click();
    }

    const picker = page.getByRole('textbox', { name: 'Metrics in Temperatures' });
    // Backspace in the empty search takes the last metric off: the two setpoints go.
    await picker.click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => temperatures.getAttribute('aria-label'))
      .toBe(`Temperatures: ${name('temperature.supplyAir')}, ${name('temperature.returnAir')}`);
    // A search lists metrics only (no group row to tick), by name with the alias beneath, best match first.
    await picker.click();
    await picker.fill('supply air');
    const options = page.getByRole('option');
    await expect
      .poll(() => options.first().textContent())
      .toBe(`${name('temperature.supplyAir')} temperature.supplyAir`);
    expect(await page.locator('[role="option"][aria-expanded]').count()).toBe(0);
    // One choice adds one metric: the chart gains exactly the humidity, not a group of metrics.
    await picker.fill('humidity.return');
    await page
      .getByRole('option', { name: `${name('humidity.return')} humidity.return`, exact: true })
      .click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => temperatures.getAttribute('aria-label'))
      .toBe(`Temperatures: ${CHARTED.map(name).join(', ')}`);
    for (const alias of CHARTED) {
      const legend = page.getByRole('button', { name: `Hide ${names.get(alias) ?? alias}` });
      await expect.poll(() => legend.count()).toBe(1);
    }
    // Each series' last value in the legend is a number: data arrived and was drawn.
    const rows = page.getByRole('row');
    await expect
      .poll(async () => (await rows.allTextContents()).filter((row) => /\d+\.\d/.test(row)).length)
      .toBe(3);
    // The default view's alert Gantt asked the alert view of the unit: no rule evaluates yet, so none.
    await expect.poll(() => page.getByText('No alerts in this range').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-1440.png') });

    // Every axis follows the chosen time zone.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Tokyo');
    await page.getByRole('option', { name: /^Asia\/Tokyo \(UTC\+09:00\)$/ }).click();
    await expect.poll(() => page.getByText('Times in Asia/Tokyo').count()).toBeGreaterThan(0);
    expect(await page.getByText(/^Times in (?!Asia\/Tokyo)/).count()).toBe(0);

    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    expect(await zoomOut.isDisabled()).toBe(true);
    const plot = page.locator('.u-over').first();
    const box = await plot.boundingBox();
    if (!box) throw new Error('The chart has no plot area');
    for (const [from, to] of [
      [0.2, 0.8],
      [0.3, 0.6],
    ] as const) {
      await page.mouse.move(box.x + box.width * from, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * to, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    }
    await zoomOut.click();
    expect(await zoomOut.isDisabled()).toBe(false);
    await zoomOut.click();
    await expect.poll(() => zoomOut.isDisabled()).toBe(true);

    // The same series half an hour earlier, dashed on the current axis and named by their offset.
    await page.getByRole('button', { name: 'Actions of Temperatures' }).click();
    await page.getByRole('menuitem', { name: 'Compare with an earlier period…' }).click();
    await page.getByRole('radio', { name: 'Some hours back' }).check();
    await page.getByRole('textbox', { name: 'Hours back' }).fill('0.5');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const earlier = page.getByRole('button', {
      name: `Hide ${names.get('temperature.returnAir') ?? ''} · 30 min earlier`,
    });
    await expect.poll(() => earlier.count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-compare-1440.png') });
    await page.getByRole('button', { name: 'Actions of Temperatures' }).click();
    await page.getByRole('menuitem', { name: 'Stop comparing' }).click();
    await expect.poll(() => earlier.count()).toBe(0);

    // A second unit, added with Ctrl-click in the tree: its series join the chart, named by unit and metric.
    await page
      .getByRole('tree', { name: 'Asset hierarchy' })
      .getByText(secondUnit.name, { exact: true })
      .click({ modifiers: ['Control'] });
    const supplyName = names.get('temperature.supplyAir') ?? '';
    const secondSupply = page.getByRole('button', { name: `Hide ${secondUnit.name} · ${supplyName}` });
    await expect.poll(() => secondSupply.count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Hide NW-ASH-A1-01 · / }).count()).toBe(3);
    await page.getByRole('button', { name: `Stop charting ${secondUnit.name}` }).click();
    await expect.poll(() => secondSupply.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: `Hide ${supplyName}` }).count()).toBe(1);

    // A table group: added below, renamed, showing the same query as rows of time by metric.
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('menuitem', { name: 'Table' }).click();
    await page.getByRole('button', { name: 'Actions of Table' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Group name' }).fill('Supply readings');
    await page.keyboard.press('Enter');
    const tablePicker = page.getByRole('textbox', { name: 'Metrics in Supply readings' });
    await tablePicker.click();
    await tablePicker.fill('temperature.supplyAir');
    await page
      .getByRole('option', { name: `${name('temperature.supplyAir')} temperature.supplyAir` })
      .click();
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Supply readings' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(10);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Time (Asia/Tokyo)',
      names.get('temperature.supplyAir'),
    ]);
    const cells = await table.getByRole('row').allTextContents();
    expect(cells.filter((row) => /\d+\.\d °C$/.test(row)).length).toBeGreaterThan(10);

    // A status Gantt group: the return air's fault drawn as its own run, by metric and then by status.
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('menuitem', { name: 'Status Gantt Chart' }).click();
    const statusPicker = page.getByRole('textbox', { name: 'Metrics in Status Gantt Chart' });
    await statusPicker.click();
    await statusPicker.fill('temperature.returnAir');
    await page
      .getByRole('option', { name: `${name('temperature.returnAir')} temperature.returnAir` })
      .click();
    await page.keyboard.press('Escape');
    const timeline = page.getByRole('img', { name: /^Status Gantt Chart: / });
    // OK, the fault, OK again: three runs in one lane.
    await expect
      .poll(() => timeline.getAttribute('aria-label'))
      .toBe(`Status Gantt Chart: 1 lanes, 3 bars: ${names.get('temperature.returnAir') ?? ''}`);
    await page.getByText('By status', { exact: true }).click();
    await expect
      .poll(() => timeline.getAttribute('aria-label'))
      .toBe('Status Gantt Chart: 2 lanes, 3 bars: Fault, OK');
    const statuses = page.getByRole('combobox', { name: 'Statuses of Status Gantt Chart' });
    await statuses.click();
    await page.getByRole('option', { name: 'Fault', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => timeline.getAttribute('aria-label'))
      .toBe('Status Gantt Chart: 1 lanes, 1 bars: Fault');
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-groups-1440.png'), fullPage: true });

    // The table exports every raw reading of its range: times in Tokyo, values as ingested.
    await page.getByRole('button', { name: 'Actions of Supply readings' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Supply-readings.csv');
    const csv = await readFile(await file.path(), 'utf8');
    const [header, ...lines] = csv.trimEnd().split('\n');
    expect(header).toBe(`Time (Asia/Tokyo),NW-ASH-A1-01 / ${names.get('temperature.supplyAir') ?? ''} (°C)`);
    const supply = new Map(
      points
        .filter((point) => point.alias === 'temperature.supplyAir')
        .map((point) => [point.ts, point.value]),
    );
    const tokyoOffsetMs = 9 * 3_600_000;
    const exported = lines.map((line) => {
      const [time = '', value = ''] = line.split(',');
      return { ts: Date.parse(`${time.replace(' ', 'T')}Z`) - tokyoOffsetMs, value: Number(value) };
    });
    expect(exported.length).toBeGreaterThan(90);
    for (const row of exported) expect(row.value).toBe(supply.get(row.ts));

    // Saved as a personal view, it becomes the selected one.
    await page.getByRole('button', { name: 'Unsaved view' }).click();
    await page.getByRole('menuitem', { name: 'Save as…' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Supply check');
    await page.getByRole('checkbox', { name: 'Include the selected assets' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Supply check' }).count()).toBe(1);
    const [saved] = await server.database.db
      .select()
      .from(sharedViews)
      .where(eq(sharedViews.name, 'Supply check'));
    expect(saved).toMatchObject({ type: 'PERSONAL', context: 'DIAGNOSE', schema: 'v4' });
    savedViewId = saved?.sharedViewId ?? 0;

    // An absolute range typed in the screen's zone (Tokyo): the last half hour, as wall-clock times there.
    await page.getByRole('button', { name: 'Custom range' }).click();
    const tokyo = (ts: number) => new Date(ts + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const end = Date.now();
    await page.getByRole('textbox', { name: 'From' }).fill(tokyo(end - 1_800_000));
    await page.getByRole('textbox', { name: 'To' }).fill(tokyo(end));
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-custom-range-1440.png') });
    await page.getByRole('button', { name: 'Apply' }).click();
    const rangeInput = page.getByRole('combobox', { name: 'Time range' });
    await expect.poll(() => rangeInput.getAttribute('placeholder')).toMatch(/ – /);
    await expect
      .poll(async () => (await rows.allTextContents()).filter((row) => /\d+\.\d/.test(row)).length)
      .toBeGreaterThanOrEqual(3);

    // On a phone the groups follow the narrower screen: nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    // Stacked, the groups mount afresh and ask again at the new width: a loading chart says so, then draws.
    await expect.poll(() => page.getByText('Loading…').count()).toBe(0);
    await expect.poll(() => page.getByText('No data in this range').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENS, 'diagnose-390.png'), fullPage: true });
    await page.close();
  });

  it('keeps 17 series readable with every one in the legend, and timeline lanes apart, on a laptop and a phone', async () => {
    const alarms = (
      await server.database.db.select({ alias: metrics.alias }).from(metrics).orderBy(asc(metrics.metricId))
    )
      .map((row) => row.alias)
      .filter((alias) => alias.startsWith('alarm.'));
    expect(alarms.length).toBe(17);
    // Half an hour of each alarm, raised now and then, so that every series has readings to draw.
    const [admin] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@kelvin.example'));
    const token = await server.mintIdToken(admin?.identityId ?? '');
    const now = Date.now();
    const alarmPoints = alarms.flatMap((alias, series) =>
      Array.from({ length: 60 }, (_, index) => ({
        assetId: unitId,
        alias,
        ts: now - 1_800_000 + index * 30_000,
        value: (index + series) % 20 === 0 ? 1 : 0,
        status: 0x01,
      })),
    );
    const answer = await fetch(`${server.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ points: alarmPoints }),
    });
    expect(answer.status).toBe(200);
    // A chart of the 17 alarm metrics and a status timeline of three long-named metrics, restored as a tab would.
    let view: DiagnoseViewData = addGroup(defaultDiagnoseView(), 'statusGantt');
    view = setGroupAliases(view, 'metrics', alarms, () => 'MAX');
    view = setGroupAliases(view, 'statusGantt-1', [...CHARTED], () => 'MAX');
    view = { ...view, selectedAssets: [unitId], thresholdAsset: null };
    const state = JSON.stringify({ state: { selectedViewId: null, view, recent: [] }, version: 4 });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.evaluate((saved) => sessionStorage.setItem('kelvin.diagnose', saved), state);
    await page.goto(`${server.url}/#/user/devices/${unitId}/metrics`);
    // The page read its state when it loaded: loaded again, it restores the one just stored.
    await page.reload();
    const chart = page.locator('[aria-label^="Metrics: "]');
    const legendRows = page.getByRole('button', { name: /^(Hide|Show) .*alarm/i });
    for (const [width, height, placement] of [
      [1440, 900, 'beside'],
      [390, 844, 'below'],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Every series is in the legend, not the first three.
      await expect.poll(() => legendRows.count()).toBe(17);
      await expect
        .poll(() => page.locator('[data-legend]').first().getAttribute('data-legend'))
        .toBe(placement);
      // The plot keeps its height however many series there are (the drawing area, axes aside).
      const plot = await chart.locator('.u-over').boundingBox();
      expect(plot?.height ?? 0).toBeGreaterThanOrEqual(120);

      // Three lanes, three labels, each a lane's height and none over another.
      const timeline = page.getByRole('img', { name: /^Status Gantt Chart: / });
      await expect.poll(() => timeline.getAttribute('aria-label')).toMatch(/: 3 lanes, /);
      const labels = page.locator('[data-lane-label]');
      await expect.poll(() => labels.count()).toBe(3);
      const boxes = await Promise.all((await labels.all()).map((label) => label.boundingBox()));
      const lanes = boxes.flatMap((box) => (box ? [box] : []));
      expect(lanes).toHaveLength(3);
      for (const [index, box] of lanes.entries()) {
        expect(Math.round(box.height)).toBe(28);
        const next = lanes[index + 1];
        if (next) expect(next.y).toBeGreaterThanOrEqual(box.y + box.height - 0.5);
      }
      // The labels stand left of the plot, where the bars are drawn.
      const bars = await timeline.locator('.u-over').boundingBox();
      for (const box of lanes) expect(box.x + box.width).toBeLessThanOrEqual((bars?.x ?? 0) + 0.5);
      await page.screenshot({ path: path.join(SCREENS, `diagnose-17-series-${width}.png`), fullPage: true });
    }
    await context.close();
  });

  it('opens the saved view from its link in a fresh browser, and not for another company', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/link/${savedViewId}`);
    await page.waitForURL(new RegExp(`#/user/devices/${unitId}/metrics`));
    await expect.poll(() => page.getByRole('button', { name: 'Supply check' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('table', { name: 'Supply readings' }).count()).toBe(1);
    await context.close();

    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await signIn(other, server.url, 'admin@fjord.example');
    await other.goto(`${server.url}/#/link/${savedViewId}`);
    await other.waitForURL(/#\/notFound/);
    await stranger.close();
  });

  const savedViewType = async () => {
    const [row] = await server.database.db
      .select({ type: sharedViews.type })
      .from(sharedViews)
      .where(eq(sharedViews.sharedViewId, savedViewId));
    return row?.type;
  };

  it('makes a view global for every company, and returns it to its own', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/#/link/${savedViewId}`);
    await expect.poll(() => page.getByRole('button', { name: 'Supply check' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Supply check' }).click();
    await page.getByRole('menuitem', { name: 'Make global' }).click();
    await expect.poll(savedViewType).toBe('GLOBAL');

    // A user of another company now finds it among the views they may open.
    const stranger = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await stranger.newPage();
    await signIn(other, server.url, 'admin@fjord.example');
    await other.goto(`${server.url}/#/link/${savedViewId}`);
    await expect.poll(() => other.getByRole('button', { name: 'Supply check' }).count()).toBe(1);
    await stranger.close();

    await page.getByRole('button', { name: 'Supply check' }).click();
    await page.getByRole('menuitem', { name: 'Remove from global views' }).click();
    await expect.poll(savedViewType).toBe('PUBLISHED');
    await context.close();
  });
});
