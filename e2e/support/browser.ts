import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';

const CHROMIUM = process.env.KELVIN_CHROMIUM ?? '/usr/bin/chromium';

/** Whether Debian's Chromium is installed; with KELVIN_REQUIRE_SERVICES=1 its absence fails the run. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.KELVIN_REQUIRE_SERVICES === '1') {
    throw new Error(`Chromium is required (KELVIN_REQUIRE_SERVICES=1) but ${CHROMIUM} is missing`);
  }
  return false;
}

/**
 * Headless Chromium with the flags these machines need: no sandbox as root, and no background networking,
 * whose connections the closed network refuses many at a time. Shared with the benches' own launcher.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
} as const satisfies LaunchOptions;

/** Headless Chromium with CHROMIUM_LAUNCH_OPTIONS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, args: [...CHROMIUM_LAUNCH_OPTIONS.args] });
}

/**
 * Asks the console for a colour scheme on the next load, the way a user's browser would hold it: the device's
 * setting (which the user's default 'system' follows once the server answers) and the console's stored copy
 * (which paints the first frame). Setting only one of them lets the other win and the page draws in the wrong one.
 */
export async function preferColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((value) => localStorage.setItem('kelvin.colorScheme', value), scheme);
}
