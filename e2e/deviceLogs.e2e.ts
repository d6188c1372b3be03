import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ingestResultSchema, type LogRecordInput } from '@kelvin/contract';
import { issueDemoAgentKeys, type DemoAgentRef } from '../apps/server/src/demo/demoAgentKeys.ts';
import { users } from '../apps/server/src/platform/db/schema.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SCREENS = path.resolve('.tmp/screens');
const NEEDLE = 'E-4711';
const TRIP = `Compressor 2 high discharge pressure trip (${NEEDLE})`;
/** The machines these run on are shared: answers get time to arrive. */
const WAIT = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('device logs: finding a record by its text', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let agent: DemoAgentRef;
  let unit = { assetId: 0, name: '' };

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    const [admin] = await server.database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, 'admin@northwind.example'));
    const agents = await issueDemoAgentKeys(server.database.db);
    const found = agents.find(
      (candidate) => candidate.companyId === admin?.companyId && candidate.units.length > 0,
    );
    if (!found) throw new Error('The demo has no Northwind agent with units');
    agent = found;
    unit = { assetId: found.units[0]?.assetId ?? 0, name: found.units[0]?.name ?? '' };
    // Half an hour of a unit's chatter, as its agent sends it, with one trip among three hundred lines.
    const now = Date.now();
    const records: LogRecordInput[] = Array.from({ length: 300 }, (_, index) => ({
      assetId: unit.assetId,
      ts: now - 30 * 60_000 + index * 6_000,
      level: index % 10 === 0 ? 'WARN' : 'DEBUG',
      source: 'modbus',
      message: `Poll cycle read 198 registers in ${300 + index} ms`,
    }));
    const trip: LogRecordInput = {
      assetId: unit.assetId,
      ts: now - 25 * 60_000,
      level: 'ERROR',
      source: 'compressor.2',
      message: TRIP,
      fields: { dischargePressureKpa: 2870, limitKpa: 2750, code: 301 },
    };
    const answer = await fetch(`${server.url}/api/deviceLogs.ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': agent.key },
      body: JSON.stringify({ batchId: 'e2e-logs-0001', records: [...records, trip] }),
    });
    expect(ingestResultSchema.parse(await answer.json())).toMatchObject({ accepted: 301, rejected: [] });
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('a customer administrator opens a unit’s logs, searches for a trip and reads its fields', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/devices/${unit.assetId}/logs`);
    const list = page.getByRole('list', { name: 'Log records, newest first' });
    // Newest first: the last poll line heads the list; the trip is far down, on a later page.
    await expect.poll(() => list.getByRole('listitem').first().textContent(), WAIT).toContain('in 599 ms');
    expect(await list.getByText(TRIP).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Search' }).fill(NEEDLE.toLowerCase());
    await expect.poll(() => list.getByRole('listitem').count(), WAIT).toBe(1);
    const row = list.getByRole('listitem').first();
    expect(await row.textContent()).toContain(TRIP);
    expect(await row.textContent()).toContain('ERROR');
    await row.getByRole('button').click();
    await expect.poll(() => row.getByText('dischargePressureKpa').count(), WAIT).toBe(1);
    expect(await row.textContent()).toContain('2870');
    await page.screenshot({ path: path.join(SCREENS, 'deviceLogs-search-1440.png') });

    // The level filter alone finds it too, among the warnings it leaves out.
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByPlaceholder('All levels').click();
    await page.getByRole('option', { name: 'ERROR' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => list.getByRole('listitem').count(), WAIT).toBe(1);
    expect(await list.getByRole('listitem').first().textContent()).toContain(TRIP);
    await page.close();
  });

  it('on a phone, follows new records as the agent sends them', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'admin@northwind.example');
    await page.goto(`${server.url}/#/user/devices/${unit.assetId}/logs`);
    const list = page.getByRole('list', { name: 'Log records, newest first' });
    await expect.poll(() => list.getByRole('listitem').count(), WAIT).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Follow live' }).click();
    const fresh = 'Communication with the unit controller restored after 3 min 12 s';
    const answer = await fetch(`${server.url}/api/deviceLogs.ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': agent.key },
      body: JSON.stringify({
        records: [{ assetId: unit.assetId, ts: Date.now(), level: 'INFO', source: 'agent', message: fresh }],
      }),
    });
    expect(answer.status).toBe(200);
    await expect
      .poll(() => list.getByRole('listitem').first().textContent(), { timeout: 15_000 })
      .toContain(fresh);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, 'deviceLogs-tail-390.png') });
    await page.close();
  });
});
