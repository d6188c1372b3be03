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

/** Records, from before the app's scripts run, whether the "Signing in" screen is ever in the page. */
const WATCH_SIGNING_IN = `(() => {
  window.__sawSigningIn = false;
  const look = () => {
    if (document.querySelector('[role="status"][aria-label="Signing in"]')) window.__sawSigningIn = true;
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function signInAs(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.goto(`${serverUrl}/#/login`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/#\/user\/dashboard/);
}

// Tokens live 130 s: the console renews when under 120 s remain, checking every 10 s, so renewal comes
// within about 20 s of signing in.
describe.skipIf(!chromiumAvailable())('session renewal', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    // KELVIN_WEB_DIST, as the server reads it, lets a build outside apps/web/dist be tested.
    const webDist = process.env.KELVIN_WEB_DIST;
    server = await startConsoleServer({
      KELVIN_ID_TOKEN_TTL_SECONDS: '130',
      ...(webDist ? { KELVIN_WEB_DIST: webDist } : {}),
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('reloads a deep link with a stored session straight into the shell, never showing "Signing in"', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, server.url, 'admin@kelvin.example');
    await page.addInitScript({ content: WATCH_SIGNING_IN });

    await page.goto(`${server.url}/#/user/tickets`);
    await page.reload();
    await expect.poll(() => page.getByRole('navigation').count()).toBeGreaterThan(0);
    // The tickets screen asked the server with the stored bearer and drew its table.
    await expect.poll(() => page.locator('main table[aria-busy="false"]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => Reflect.get(window, '__sawSigningIn') === true)).toBe(false);
    expect(page.url()).toMatch(/#\/user\/tickets/);
    await context.close();
  });

  it('loads a screen and its chart library only when the screen opens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
    });
    await signInAs(page, server.url, 'admin@kelvin.example');
    await expect.poll(() => page.getByRole('group', { name: 'Units by health' }).count()).toBe(1);
    const dashboardScripts = [...scripts];
    const bodies = await Promise.all(dashboardScripts.map((script) => script.body));
    // uPlot's legend class and the spreadsheet library: in no script the dashboard loaded.
    expect(bodies.filter((body) => body.includes('u-legend') || body.includes('ExcelJS'))).toEqual([]);
    expect(dashboardScripts.filter((script) => /DiagnosePage/.test(script.url))).toEqual([]);

    // Within the app, not a reload: the router loads the screen's chunk now.
    await page.evaluate(() => {
      window.location.hash = '#/user/diagnose';
    });
    await expect.poll(() => scripts.filter((script) => /DiagnosePage/.test(script.url)).length).toBe(1);
    await context.close();
  });

  it("keeps socket.io's client and zod out of the first screen's scripts", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    // The entry and the chunks the page preloads with it: what every first screen waits for.
    const urls = [
      ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
    ]
      .map((match) => match[1] ?? '')
      .filter((url) => url.startsWith('/assets/'));
    expect(urls.length).toBeGreaterThan(1);
    const bodies = await Promise.all(urls.map(async (url) => (await fetch(`${server.url}${url}`)).text()));
    // A message only socket.io's client carries.
    expect(bodies.filter((body) => body.includes('io server disconnect'))).toEqual([]);
    // Nor zod and the contract's schemas: the browser calls through schema-free references
    // (shared/api/endpoints.ts). '$ZodType' is a name only zod's core carries.
    expect(bodies.filter((body) => body.includes('$ZodType'))).toEqual([]);
  });

  it('keeps zod out of what the problems, tickets and metrics screens import before their first data', async () => {
    const text = async (file: string) => (await fetch(`${server.url}/assets/${file}`)).text();
    const html = await (await fetch(`${server.url}/`)).text();
    const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    );
    const app = (await Promise.all(entries.map(text))).join('\n');
    // A screen's chunk, named in the router's lazy imports, and every chunk it imports statically (a dynamic
    // import, such as the alert view's body or the bell's live connection, loads later and is left out).
    const screens = ['ProblemsPage', 'TicketsListPage', 'DiagnosePage'].map((name) => {
      const file = new RegExp(`assets/(${name}-[\\w-]+\\.js)`).exec(app)?.[1];
      if (!file) throw new Error(`No chunk of ${name}`);
      return file;
    });
    for (const screen of screens) {
      const seen = new Set<string>();
      const queue = [screen];
      const zod: string[] = [];
      while (queue.length > 0) {
        const file = queue.pop() ?? '';
        if (seen.has(file)) continue;
        seen.add(file);
        const body = await text(file);
        if (body.includes('$ZodType')) zod.push(file);
        for (const match of body.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1] ?? '');
      }
      expect(seen.size, screen).toBeGreaterThan(1);
      expect(zod, `zod among the static imports of ${screen}`).toEqual([]);
    }
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
