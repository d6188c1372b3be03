import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { repoRoot } from '../apps/server/src/config.ts';
import { STAFF_SIGN_IN_MESSAGES } from '../apps/server/src/modules/identity/staffSignInRoutes.ts';
import { SANDBOX_USER } from '../apps/server/src/modules/netsuiteSandbox/sandboxAuthorizePage.ts';
import { axeFindings, formatFinding, sortFindings } from './support/axe.ts';
import { KNOWN_FINDINGS } from './support/axeKnownFindings.ts';

/** As the accessibility check counts: serious or critical findings that are not known fail. */
const blocking = async (page: Page, name: string) =>
  sortFindings(await axeFindings(page), name, KNOWN_FINDINGS).blocking.map(formatFinding);
import { chromiumAvailable, launchChromium, preferColorScheme } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SHOTS = path.join(repoRoot, '.tmp', 'shots', 'D');

/** From the console's sign-in page through the sandbox's, signed in there as `email`. */
async function throughNetsuite(page: Page, serverUrl: string, email: string, shot?: string) {
  await page.goto(`${serverUrl}/#/login`);
  await page.waitForURL(/\/oidc\/interaction\//);
  if (shot) {
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.screenshot({ path: path.join(SHOTS, `${shot}-${scheme}.png`) });
      expect(await blocking(page, `${shot} ${scheme}`), `${shot} ${scheme}`).toEqual([]);
    }
  }
  await page.getByRole('link', { name: 'Sign in with NetSuite (provider staff)' }).click();
  await page.waitForURL(/\/sandbox\/netsuite\/app\/login\/oauth2\/authorize\.nl\?/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(SANDBOX_USER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe.skipIf(!chromiumAvailable())('provider staff sign in through NetSuite', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startConsoleServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('signs a provider technician in through the sandbox, as their Kelvin user', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/me');
    await throughNetsuite(page, server.url, 'technician@kelvin.example', 'signin-page-desktop');
    await page.waitForURL(/#\/user\/dashboard/);
    const answer = z.object({ user: z.object({ email: z.string() }) }).parse(await (await me).json());
    expect(answer.user.email).toBe('technician@kelvin.example');
    await page.close();
  });

  it("refuses a customer's user with the spec's words, on the sign-in page", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await throughNetsuite(page, server.url, 'admin@northwind.example', 'signin-page-phone');
    await page.waitForURL(/\/oidc\/interaction\/.+\/netsuite\/finish/);
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toBe(STAFF_SIGN_IN_MESSAGES.notStaff);
    // The password form is still there: the way in the message points to.
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(1);
    for (const scheme of ['light', 'dark'] as const) {
      await preferColorScheme(page, scheme);
      await page.screenshot({ path: path.join(SHOTS, `staff-refused-phone-${scheme}.png`) });
      expect(await blocking(page, scheme), scheme).toEqual([]);
    }
    await page.close();
  });
});
