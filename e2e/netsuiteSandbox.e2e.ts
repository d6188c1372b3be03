import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETSUITE_SANDBOX_CLIENT_ID } from '../apps/server/src/config.ts';
import { AUTHORIZE_PATH } from '../apps/server/src/modules/netsuiteSandbox/sandboxAuthorizeRoutes.ts';
import { SANDBOX_PREFIX } from '../apps/server/src/modules/netsuiteSandbox/sandboxRoutes.ts';
import { startTestServer, type TestServer } from '../apps/server/src/testing/testServer.ts';
import { axeFindings } from './support/axe.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';

const SCREENS = path.resolve('.tmp/screens');
const STATE = 'e2e-state-0123456789abcdefghij';

describe.skipIf(!chromiumAvailable())('the NetSuite sandbox authorization page', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  const redirectUri = () => `${server.url}/user/netsuite`;
  const authorizeUrl = () =>
    `${server.url}${SANDBOX_PREFIX}${AUTHORIZE_PATH}?${new URLSearchParams({
      response_type: 'code',
      client_id: NETSUITE_SANDBOX_CLIENT_ID,
      redirect_uri: redirectUri(),
      scope: 'rest_webservices',
      state: STATE,
    }).toString()}`;

  /** Opens the page, failing on any content security policy report (its style must apply under the nonce). */
  async function openPage(viewport = { width: 1440, height: 900 }, scheme: 'light' | 'dark' = 'light') {
    const page = await browser.newPage({ viewport, colorScheme: scheme });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    await page.goto(authorizeUrl());
    return { page, blocked };
  }

  const buttonBackground = (page: Page) =>
    page
      .getByRole('button', { name: 'Continue' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);

  it('draws styled under its CSP on a desktop and a phone, light and dark, and passes axe', async () => {
    for (const [name, viewport] of [
      ['1440', { width: 1440, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, blocked } = await openPage(viewport, scheme);
        await expect
          .poll(() => page.getByRole('heading', { name: 'Sign in and grant access' }).count())
          .toBe(1);
        expect(await buttonBackground(page)).toBe('rgb(32, 111, 173)');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
        expect(blocked).toEqual([]);
        expect(await axeFindings(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENS, `netsuite-sandbox-${name}-${scheme}.png`) });
        await page.close();
      }
    }
  });

  it('signs in with the keyboard and returns the code with the state to the redirect_uri', async () => {
    const { page } = await openPage();
    // The email field has the focus: type, then Tab through password and role to Continue.
    await page.keyboard.type('sandbox@netsuite.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('sandbox');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    // The request to the redirect_uri carries the answer (the console then forwards it to its hash route).
    const [returned] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === '/user/netsuite'),
      page.keyboard.press('Enter'),
    ]);
    const back = new URL(returned.url());
    expect(back.searchParams.get('state')).toBe(STATE);
    expect(back.searchParams.get('role')).toBe('1010');
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    await page.close();
  });

  it('says what went wrong on a wrong password, and Cancel returns access_denied', async () => {
    const { page } = await openPage({ width: 390, height: 844 });
    await page.getByLabel('Email address').fill('sandbox@netsuite.example');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email address or password.');
    await page.screenshot({ path: path.join(SCREENS, 'netsuite-sandbox-390-error.png') });
    // The request to the redirect_uri carries the answer (the console then forwards it to its hash route).
    const [returned] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === '/user/netsuite'),
      page.getByRole('button', { name: 'Cancel' }).click(),
    ]);
    const back = new URL(returned.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(STATE);
    await page.close();
  });
});
