import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { repoRoot } from '../apps/server/src/config.ts';
import { chromiumAvailable, launchChromium } from './support/browser.ts';
import { signIn } from './support/signIn.ts';
import { startConsoleServer, type ConsoleServer } from './support/consoleServer.ts';

const SAMPLE = path.join(repoRoot, 'samples', 'asset-data-sample.csv.gz');

describe.skipIf(!chromiumAvailable())('asset data uploads', () => {
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

  it('uploads the sample .gz file through the modal and watches it reach INGESTED', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, 'admin@kelvin.example');
    await page.getByRole('link', { name: 'Uploads' }).click();
    await page.waitForURL(/#\/user\/uploads/);
    await expect.poll(() => page.getByText('0 Uploads Found').count()).toBe(1);

    await page.getByRole('button', { name: 'Upload Asset Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Asset Data' });
    // The file chooser the real button opens, as a user would pick the file.
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Select files' }).click();
    await (await chooser).setFiles(SAMPLE);
    await expect.poll(() => dialog.getByText('asset-data-sample.csv.gz').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'ok' }).count()).toBe(1);
    expect(
      await dialog
        .getByRole('progressbar', { name: 'Upload progress of asset-data-sample.csv.gz' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    await expect.poll(() => dialog.getByText('100%').count()).toBe(1);
    await dialog.getByRole('button', { name: 'ok' }).click();

    // The grid refreshed after the upload and keeps polling until the row is final.
    await expect.poll(() => page.getByText('1 Uploads Found').count()).toBe(1);
    const row = page
      .getByRole('table', { name: 'Uploads' })
      .getByRole('row')
      .filter({ hasText: 'asset-data-sample.csv.gz' });
    await expect.poll(() => row.getByText('INGESTED').count(), { timeout: 30_000 }).toBe(1);
    expect(await row.getByRole('img', { name: 'Paula Provider' }).count()).toBe(1);
    expect(await row.textContent()).toContain('application/gzip');
    await page.close();
  });
});
