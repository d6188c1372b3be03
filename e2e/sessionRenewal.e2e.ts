import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { oidcPayloads } from '../apps/server/src/platform/db/schema.ts';
import { eq } from 'drizzle-orm';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { DEMO_PASSWORD, startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

/** The ID token oidc-client-ts keeps in local storage, or null. */
function storedIdToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (!key?.startsWith('oidc.user:')) continue;
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (
        stored &&
        typeof stored === 'object' &&
        'id_token' in stored &&
        typeof stored.id_token === 'string'
      ) {
        return stored.id_token;
      }
    }
    return null;
  });
}

// Tokens live 130 s: the console renews when under 120 s remain, checking every 10 s, so renewal comes
// within about 20 s of signing in.
describe.skipIf(!chromiumAvailable())('session renewal', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startConsoleServer({ KELVIN_ID_TOKEN_TTL_SECONDS: '130' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('renews the ID token silently, and signs out when renewal fails', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email').fill('technician@kelvin.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/user\/dashboard/);

    const first = await storedIdToken(page);
    expect(first).not.toBeNull();
    await expect.poll(() => storedIdToken(page), { timeout: 40_000, interval: 1_000 }).not.toBe(first);
    const renewed = await storedIdToken(page);
    const me = await fetch(`${server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${renewed ?? ''}` },
    });
    expect(me.status).toBe(200);
    expect(page.url()).toMatch(/#\/user\//);

    // The provider forgets the session: the next silent renewal gets login_required and the console signs out.
    await server.database.db.delete(oidcPayloads).where(eq(oidcPayloads.model, 'Session'));
    await page.waitForURL(/#\/loggedOut/, { timeout: 40_000 });
    await expect.poll(() => page.getByText('Your session is no longer active.').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('kelvin.loggedIn'))).toBeNull();
  });
});
