import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { assets, thresholdGroups, users } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');

describe.skipIf(!chromiumAvailable())('thresholds: limits edited on the asset, drawn on its charts', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let unit = { assetId: 0, companyId: 0 };

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const db = server.database.db;
    const [first] = await db
      .select({ assetId: assets.assetId, companyId: assets.companyId })
      .from(assets)
      .where(eq(assets.assetTypeId, 4))
      .orderBy(asc(assets.assetId))
      .limit(1);
    unit = first ?? unit;
    // Half an hour of supply air between 16 and 20 °C, so that a warning limit at 19 cuts through it.
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@kelvin.example'));
    const token = await server.mintIdToken(admin?.identityId ?? '');
    const now = Date.now();
    const points = Array.from({ length: 60 }, (_, index) => ({
      assetId: unit.assetId,
      alias: 'temperature.supplyAir',
      ts: now - 1_800_000 + index * 30_000,
      value: 18 + Math.sin(index / 6) * 2,
    }));
    const answer = await fetch(`${server.url}/api/telemetry.ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ points }),
    });
    expect(answer.status).toBe(200);
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('makes a group in the monitoring tab, refuses limits out of order, saves them, and draws them as bands', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(
      `${server.url}/#/user/admin/companies/${unit.companyId}/assets/${unit.assetId}/monitoring`,
    );
    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByRole('textbox', { name: 'Name of the new group' }).fill('CRAH supply limits');
    await page.getByRole('button', { name: 'Create and attach' }).click();
    await expect.poll(() => page.getByText('Limits of CRAH supply limits').count()).toBe(1);

    const picker = page.getByRole('textbox', { name: 'Metrics with limits in CRAH supply limits' });
    await picker.click();
    await picker.fill('temperature.supplyAir');
    await page
      .getByRole('option', { name: 'Supply air temperature temperature.supplyAir', exact: true })
      .click();
    await page.keyboard.press('Escape');
    const row = page.getByRole('table', { name: 'Limits of CRAH supply limits' });
    const warningHigh = row.getByRole('textbox', { name: /^Warning high of / });
    const criticalHigh = row.getByRole('textbox', { name: /^Critical high of / });
    await warningHigh.fill('19');
    await criticalHigh.fill('18.5');
    await expect.poll(() => page.getByText('Critical high must not be below Warning high').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save limits' }).isDisabled()).toBe(true);
    await criticalHigh.fill('20');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await expect.poll(() => page.getByText('Limits saved').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SCREENS, 'thresholds-monitoring-1440.png'), fullPage: true });

    const [group] = await server.database.db
      .select()
      .from(thresholdGroups)
      .where(eq(thresholdGroups.name, 'CRAH supply limits'));
    expect(group?.limits).toEqual([
      {
        metricAlias: 'temperature.supplyAir',
        criticalLow: null,
        warningLow: null,
        warningHigh: 19,
        criticalHigh: 20,
      },
    ]);
    const [attached] = await server.database.db.select().from(assets).where(eq(assets.assetId, unit.assetId));
    expect(attached?.thresholdGroupId).toBe(group?.thresholdGroupId);

    // On the diagnose screen, with thresholds switched on, the supply air chart draws the limits. Diagnose opens on
    // its starting view, whose Temperatures chart already holds supply air (choosing it again would remove it).
    await page.goto(`${server.url}/#/user/devices/${unit.assetId}/metrics`);
    await page.getByRole('button', { name: 'Skip tour' }).click();
    const chart = page.getByRole('img', { name: /^Temperatures: / });
    await expect.poll(() => chart.getAttribute('aria-label')).not.toMatch(/limits shown as bands/);
    await page.getByRole('switch', { name: 'Thresholds' }).check();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/; limits shown as bands$/);
    // The critical band (above 20 °C) is painted at the top of the plot: a reddish pixel there.
    const top = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[aria-label^="Temperatures: "] canvas');
      const over = document.querySelector<HTMLElement>('[aria-label^="Temperatures: "] .u-over');
      const context = canvas?.getContext('2d');
      if (!canvas || !over || !context) return null;
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const x = (over.offsetLeft + 4) * ratio;
      const y = (over.offsetTop + 2) * ratio;
      return Array.from(context.getImageData(x, y, 1, 1).data);
    });
    expect(top).not.toBeNull();
    const [red = 0, green = 0, blue = 0] = top ?? [];
    expect(red).toBeGreaterThan(green);
    expect(red).toBeGreaterThan(blue);
    await page.screenshot({ path: path.join(SCREENS, 'thresholds-diagnose-1440.png') });
    await page.close();
  });
});
