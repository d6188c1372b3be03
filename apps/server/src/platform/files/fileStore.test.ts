import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore } from './fileStore.ts';

const store = createLocalFileStore({
  root: mkdtempSync(path.join(tmpdir(), 'kelvin-files-')),
  secret: 'test-secret',
  publicOrigin: 'http://localhost:1',
});

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('local file store', () => {
  it('stores, reads, sizes and removes a file', async () => {
    expect(await store.put('logos/1/a.png', Buffer.from('hello'))).toEqual({ sizeInBytes: 5 });
    expect(await text(await store.read('logos/1/a.png'))).toBe('hello');
    expect(await store.size('logos/1/a.png')).toBe(5);
    await store.remove('logos/1/a.png');
    expect(await store.size('logos/1/a.png')).toBeUndefined();
  });

  it('refuses keys that climb out of the root', async () => {
    await expect(store.put('../escape.txt', Buffer.from('x'))).rejects.toThrow('Unsafe file key');
    await expect(store.put('a/../../b', Buffer.from('x'))).rejects.toThrow('Unsafe file key');
  });

  it('accepts its own signature until it expires, and nothing altered', () => {
    const url = store.signedUrl('logos/2/b.png', { expiresInSeconds: 60, contentType: 'image/png' });
    const query = queryOf(url);
    expect(store.verifySignature('logos/2/b.png', query)).toBe(true);
    expect(store.verifySignature('logos/3/b.png', query)).toBe(false);
    expect(store.verifySignature('logos/2/b.png', { ...query, type: 'text/html' })).toBe(false);
    expect(
      store.verifySignature('logos/2/b.png', { ...query, expires: String(Number(query.expires) + 1) }),
    ).toBe(false);
    expect(store.verifySignature('logos/2/b.png', query, Date.now() + 61_000)).toBe(false);
  });
});
