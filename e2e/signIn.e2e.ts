import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { DEMO_PASSWORD, startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(!chromiumAvailable())('signing in and out', () => {
  let server: ConsoleServer;
  let browser: Browser;

  beforeAll(async () => {
    // KELVIN_WEB_DIST, as the server reads it, lets a build outside apps/web/dist be tested.
    const webDist = process.env.KELVIN_WEB_DIST;
    server = await startConsoleServer(webDist ? { KELVIN_WEB_DIST: webDist } : {});
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('takes a new user from the landing page through the login page to the user area and out again', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Already have an account? Click here to Login' }).click();

    await page.waitForURL(/\/oidc\/interaction\//);
    await signIn(page, 'admin@kelvin.example');

    await page.waitForURL(/#\/user\/dashboard/);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Paula Provider' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('kelvin.loggedIn'))).not.toBeNull();

    // Sign Out sits in the user menu of the shell's header.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/#\/loggedOut/);
    await expect.poll(() => page.getByText('Your session is no longer active.').count()).toBe(1);
    await page.close();
  });

  it('says a wrong password is wrong without saying whether the email exists', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email').fill('nobody@kelvin.example');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Incorrect email or password.');
    await page.close();
  });

  it('sends a user who lacks a route permission to notFound with the original url', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await signIn(page, 'operator@northwind.example');
    await page.waitForURL(/#\/user\/dashboard/);

    await page.goto(`${server.url}/#/user/orders`);
    await page.waitForURL(/#\/notFound\?url=/);
    expect(decodeURIComponent(page.url())).toContain('url=/user/orders');
    await page.close();
  });
});
