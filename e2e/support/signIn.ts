import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './consoleServer.ts';

/** Signs a demo user in through the embedded provider's form and waits for the dashboard. */
export async function signIn(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.goto(`${serverUrl}/#/login`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/#\/user\/dashboard/);
}
