import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

describe.skipIf(!chromiumAvailable())('API reference page', () => {
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

  it('lists the operations under its strict content security policy and filters them', async () => {
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    const response = await page.goto(`${server.url}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect.poll(() => page.getByText('users.me —', { exact: false }).count()).toBe(1);
    await page.getByLabel('Filter operations').fill('companies.getLogoS3SignedUrl');
    await expect.poll(() => page.locator('details').count()).toBe(1);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
