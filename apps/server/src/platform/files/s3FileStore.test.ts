import { describe, expect, it } from 'vitest';
import { startTestBucket } from '../../testing/testBucket.ts';
import { defineFileStoreConformance } from './fileStore.conformance.ts';
import { createS3Client, createS3FileStore, downloadDisposition } from './s3FileStore.ts';

/** Small parts keep the multipart tests fast; s3rver, unlike S3, takes parts under 5 MiB. */
const TEST_PART_SIZE_BYTES = 64 * 1024;

defineFileStoreConformance('S3 (s3rver)', async () => {
  const bucket = await startTestBucket();
  const client = createS3Client(bucket.settings);
  const sent = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => (args) => {
      const name = context.commandName ?? 'unknown';
      sent.set(name, (sent.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countCommands' },
  );
  const store = createS3FileStore({
    client,
    bucket: bucket.settings.bucket,
    partSizeBytes: TEST_PART_SIZE_BYTES,
  });
  return {
    store,
    partSizeBytes: TEST_PART_SIZE_BYTES,
    commandsSent: (commandName) => sent.get(commandName) ?? 0,
    dispose: async () => {
      store.close();
      await bucket.close();
    },
  };
});

describe('S3 downloads', () => {
  it('serves only raster images in place, and everything else as an attachment', () => {
    for (const type of ['image/png', 'image/jpeg', 'IMAGE/WEBP', 'image/gif; x=1', 'image/avif']) {
      expect(downloadDisposition(undefined, type)).toBe('inline');
    }
    for (const type of [
      'image/svg+xml',
      'text/html',
      'application/xhtml+xml',
      'text/xml',
      'application/xml',
      'application/pdf',
      'text/javascript',
      'application/octet-stream',
      '',
      undefined,
    ]) {
      expect(downloadDisposition(undefined, type)).toBe('attachment');
    }
    expect(downloadDisposition('Kälte.png', 'image/png')).toBe("attachment; filename*=UTF-8''K%C3%A4lte.png");
  });
});
