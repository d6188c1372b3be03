import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../testing/testBucket.ts';
import { freePort } from '../../testing/testServer.ts';
import { openFileStore } from './openFileStore.ts';

describe('opening the file store', () => {
  let bucket: TestBucket;
  const root = mkdtempSync(path.join(tmpdir(), 'kelvin-files-'));
  const common = {
    root,
    publicOrigin: 'http://console.test:8080',
    signingSecret: () => Promise.resolve('test-secret'),
  };
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => {
    await bucket.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps files on disk, served by the server itself, without S3_*', async () => {
    const opened = await openFileStore({ ...common, s3: undefined });
    expect(opened.files.kind).toBe('disk');
    expect(opened.filesOrigin).toBeUndefined();
  });

  it("opens the bucket and names its origin for the console's pages", async () => {
    const opened = await openFileStore({ ...common, s3: bucket.settings });
    expect(opened.files.kind).toBe('s3');
    expect(opened.filesOrigin).toBe(bucket.settings.endpoint);
    if (opened.files.kind === 's3') opened.files.close();
  });

  it('refuses to start when the bucket does not exist or nothing answers, naming the bucket', async () => {
    await expect(
      openFileStore({ ...common, s3: { ...bucket.settings, bucket: 'no-such-bucket' } }),
    ).rejects.toThrow(/The file bucket "no-such-bucket" cannot be reached .*HTTP 404/);
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(openFileStore({ ...common, s3: { ...bucket.settings, endpoint: closed } })).rejects.toThrow(
      /The file bucket "kelvin-test-files" cannot be reached with S3_ENDPOINT/,
    );
  });

  it("refuses a bucket whose URLs would be on the console's own origin", async () => {
    await expect(
      openFileStore({ ...common, publicOrigin: bucket.settings.endpoint, s3: bucket.settings }),
    ).rejects.toThrow(/are on the console's own origin \(PUBLIC_ORIGIN\)/);
  });
});
