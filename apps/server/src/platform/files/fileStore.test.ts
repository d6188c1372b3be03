import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../http/errorHandler.ts';
import { freePort } from '../../testing/testServer.ts';
import { defineFileStoreConformance } from './fileStore.conformance.ts';
import { registerFileRoutes } from './fileRoutes.ts';
import { createLocalFileStore } from './fileStore.ts';

/** The disk store behind the server's own `/files/*` route, on a port of its own. */
defineFileStoreConformance('local disk', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kelvin-files-'));
  const port = await freePort();
  const store = createLocalFileStore({
    root,
    secret: 'test-secret',
    publicOrigin: `http://127.0.0.1:${port}`,
  });
  const app = Fastify();
  installErrorHandler(app, { spaFallback: false });
  registerFileRoutes(app, store);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    store,
    // The disk store writes a stream as it comes; 64 KiB only sizes the "several parts" body like S3's test.
    partSizeBytes: 64 * 1024,
    dispose: async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
});

describe('local file store', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kelvin-files-'));
  const store = createLocalFileStore({ root, secret: 'test-secret', publicOrigin: 'http://localhost:1' });
  const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);

  it('accepts its own signature until it expires, and nothing altered', async () => {
    const url = await store.signedUrl('logos/2/b.png', { expiresInSeconds: 60, contentType: 'image/png' });
    const query = queryOf(url);
    expect(store.verifySignature('logos/2/b.png', query)).toBe(true);
    expect(store.verifySignature('logos/3/b.png', query)).toBe(false);
    expect(store.verifySignature('logos/2/b.png', { ...query, type: 'text/html' })).toBe(false);
    expect(
      store.verifySignature('logos/2/b.png', { ...query, expires: String(Number(query.expires) + 1) }),
    ).toBe(false);
    expect(store.verifySignature('logos/2/b.png', query, Date.now() + 61_000)).toBe(false);
  });

  it('leaves no partial file behind when a stream fails', async () => {
    const failing = (async function* () {
      yield Buffer.alloc(1000);
      await Promise.resolve();
      throw new Error('client went away');
    })();
    const { Readable } = await import('node:stream');
    await expect(store.put('partial/a.bin', Readable.from(failing))).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'partial'))).toEqual([]);
  });
});
