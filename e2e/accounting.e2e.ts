import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { repoRoot } from '../apps/server/src/config.ts';
import { SANDBOX_USER } from '../apps/server/src/modules/netsuiteSandbox/sandboxAuthorizePage.ts';
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';
import { signIn } from './support/signIn.ts';

const SHOTS = path.join(repoRoot, '.tmp', 'screenshots', 'accounting');
const storedSession = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expireDate: z.number(),
  refreshExpireDate: z.number(),
});

async function session(page: Page) {
  const text = await page.evaluate(() => localStorage.getItem('kelvin.netsuiteSession'));
  return text === null ? null : storedSession.parse(JSON.parse(text));
}

describe.skipIf(!chromiumAvailable())('the accounting session in the browser', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('refuses a bad state clearly, then signs in at the sandbox, lands back and the session reads NetSuite', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, 'admin@kelvin.example');

    await page.goto(`${server.url}/user/netsuite?state=not-a-state-we-gave&code=forged`);
    await page.waitForURL(/#\/user\/netsuite\?state=not-a-state-we-gave&code=forged/);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.getByText('NetSuite could not be connected').count()).toBe(1);
    expect(await alert.textContent()).toContain(
      'This NetSuite sign-in cannot be finished: its state is unknown, already used, expired or not yours. Start the sign-in again.',
    );
    expect(await session(page)).toBeNull();
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.screenshot({ path: path.join(SHOTS, `bad-state-${scheme}.png`) });
    }

    await alert.getByRole('button', { name: 'Sign in to NetSuite again' }).click();
    await page.waitForURL(/\/sandbox\/netsuite\/app\/login\/oauth2\/authorize\.nl\?/);
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/user/netsuite`);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    await page.getByLabel('Email address').fill(SANDBOX_USER.email);
    await page.getByLabel('Password').fill(SANDBOX_USER.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back through /user/netsuite?code&state, exchanged, and on to where the sign-in started (the orders page).
    await page.waitForURL(/#\/user\/orders/);
    const kept = await session(page);
    if (kept === null) throw new Error('no accounting session was kept');
    expect(kept.refreshExpireDate - kept.expireDate).toBeGreaterThan(0);
    const read = await page.evaluate(async (token) => {
      const response = await fetch('/sandbox/netsuite/services/rest/record/v1/inventoryItem?limit=1', {
        headers: { authorization: `Bearer ${token}` },
      });
      return response.status;
    }, kept.accessToken);
    expect(read).toBe(200);
    await page.close();
  });

  it('says the sign-in was cancelled when NetSuite returns access_denied', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.goto(`${server.url}/user/netsuite?error=access_denied&state=whatever`);
    const alert = page.getByRole('alert');
    await expect
      .poll(() =>
        alert.getByText('The NetSuite sign-in was cancelled, so NetSuite was not connected.').count(),
      )
      .toBe(1);
    expect(await alert.getByRole('button', { name: 'Sign in to NetSuite again' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'cancelled-phone.png') });
    await page.close();
  });
});
