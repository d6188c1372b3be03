import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './fileStore.ts';

export interface FileStoreHandle {
  store: FileStore;
  /** The part size the store was opened with: bodies longer than this go up in parts. */
  partSizeBytes: number;
  /** How many requests of this command the store has sent; only stores that upload in parts (S3) count. */
  commandsSent?: (commandName: string) => number;
  /** Closes the store and removes what it created. */
  dispose(): Promise<void>;
}

/** A stream that hands `data` over in chunks of `chunkBytes`, like a request body arriving. */
function streamOf(data: Buffer, chunkBytes: number): Readable {
  const chunks: Buffer[] = [];
  for (let start = 0; start < data.length; start += chunkBytes) {
    chunks.push(data.subarray(start, start + chunkBytes));
  }
  return Readable.from(chunks);
}

/** A stream that fails after `beforeFailing` bytes, like a client that goes away mid-upload. */
function failingStream(beforeFailing: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield beforeFailing;
      await Promise.resolve();
      throw new Error('client went away');
    })(),
  );
}

const readAll = async (store: FileStore, key: string) => buffer(await store.read(key));

/** Runs a call so that a synchronous throw becomes a rejection `expect(...).rejects` can see. */
const attempt = (call: () => Promise<unknown>) => Promise.resolve().then(call);

/**
 * The behaviour every FileStore must show, run against the disk store and against S3 (s3rver): the same bytes
 * back, sizes, removal, refusals, and signed URLs that a browser fetches over real HTTP with the type, the
 * download name and the sandbox rules callers ask for.
 */
export function defineFileStoreConformance(name: string, open: () => Promise<FileStoreHandle>): void {
  describe(`FileStore conformance: ${name}`, () => {
    let handle: FileStoreHandle;
    let store: FileStore;
    let serial = 0;
    /** A key of its own for each use: the store is shared by the tests of the suite. */
    const freshKey = (file = 'file.bin') => `conformance/${Date.now().toString(36)}-${serial++}/${file}`;

    beforeAll(async () => {
      handle = await open();
      store = handle.store;
    });
    afterAll(() => handle.dispose());

    it('stores a Buffer and gives the same bytes and size back', async () => {
      const key = freshKey();
      const data = randomBytes(1000);
      expect(await store.put(key, data)).toEqual({ sizeInBytes: 1000 });
      expect((await readAll(store, key)).equals(data)).toBe(true);
      expect(await store.size(key)).toBe(1000);
    });

    it('stores a stream and an empty file', async () => {
      const key = freshKey();
      const data = randomBytes(3000);
      expect(await store.put(key, streamOf(data, 700))).toEqual({ sizeInBytes: 3000 });
      expect((await readAll(store, key)).equals(data)).toBe(true);
      const empty = freshKey('empty.txt');
      expect(await store.put(empty, Readable.from([]))).toEqual({ sizeInBytes: 0 });
      expect(await store.size(empty)).toBe(0);
      expect((await readAll(store, empty)).length).toBe(0);
    });

    it('stores a stream longer than several parts byte for byte, in parts where the store has them', async () => {
      const partsBefore = handle.commandsSent?.('UploadPartCommand');
      const key = freshKey('large.bin');
      // Chunks that do not divide the part size, so parts are cut across chunks.
      const data = randomBytes(handle.partSizeBytes * 3 + 1234);
      expect(await store.put(key, streamOf(data, 9_973))).toEqual({ sizeInBytes: data.length });
      expect((await readAll(store, key)).equals(data)).toBe(true);
      expect(await store.size(key)).toBe(data.length);
      if (handle.commandsSent && partsBefore !== undefined) {
        expect(handle.commandsSent('UploadPartCommand') - partsBefore).toBe(4);
      }
      const exact = freshKey('exact.bin');
      const twoParts = randomBytes(handle.partSizeBytes * 2);
      expect(await store.put(exact, twoParts)).toEqual({ sizeInBytes: twoParts.length });
      expect((await readAll(store, exact)).equals(twoParts)).toBe(true);
    });

    it('replaces a file put again under its key', async () => {
      const key = freshKey();
      await store.put(key, Buffer.from('first version, longer'));
      await store.put(key, Buffer.from('second'));
      expect((await readAll(store, key)).toString()).toBe('second');
      expect(await store.size(key)).toBe(6);
    });

    it('keeps nothing under the key when the stream fails part way, and abandons its parts', async () => {
      const abortsBefore = handle.commandsSent?.('AbortMultipartUploadCommand');
      const key = freshKey();
      await expect(store.put(key, failingStream(randomBytes(handle.partSizeBytes * 2 + 10)))).rejects.toThrow(
        'client went away',
      );
      expect(await store.size(key)).toBeUndefined();
      if (handle.commandsSent && abortsBefore !== undefined) {
        expect(handle.commandsSent('AbortMultipartUploadCommand') - abortsBefore).toBe(1);
      }
    });

    it('removes a file; a missing file has no size, cannot be read, and removing it again is no error', async () => {
      const key = freshKey();
      await store.put(key, Buffer.from('short-lived'));
      await store.remove(key);
      expect(await store.size(key)).toBeUndefined();
      await expect(attempt(() => readAll(store, key))).rejects.toThrow();
      await expect(store.remove(key)).resolves.toBeUndefined();
      expect(await store.size(freshKey('never.bin'))).toBeUndefined();
      await expect(attempt(() => readAll(store, freshKey('never.bin')))).rejects.toThrow();
    });

    it('refuses keys that climb out of their place or are not plain paths, for every call', async () => {
      for (const key of ['../escape.txt', 'a/../../b', 'a//b', '/absolute', 'a/./b', 'sp ace', 'a\\b']) {
        await expect(attempt(() => store.put(key, Buffer.from('x')))).rejects.toThrow('Unsafe file key');
        await expect(attempt(() => store.read(key))).rejects.toThrow('Unsafe file key');
        await expect(attempt(() => store.size(key))).rejects.toThrow('Unsafe file key');
        await expect(attempt(() => store.remove(key))).rejects.toThrow('Unsafe file key');
        await expect(attempt(() => store.signedUrl(key, { expiresInSeconds: 60 }))).rejects.toThrow(
          'Unsafe file key',
        );
      }
    });

    it('signs a URL a browser fetches: the bytes, the type and the download name, also a non-ASCII one', async () => {
      const key = freshKey('report.pdf');
      const data = randomBytes(2048);
      await store.put(key, data);
      for (const downloadName of ['Prüfbericht Kälte №3.pdf', 'report.pdf']) {
        const url = await store.signedUrl(key, {
          expiresInSeconds: 60,
          downloadName,
          contentType: 'application/pdf',
        });
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
        );
      }
    });

    it('shows an image without a download name in place, and never lets an SVG or HTML file run', async () => {
      const png = freshKey('logo.png');
      await store.put(png, Buffer.from('89504e470d0a1a0a', 'hex'));
      const image = await fetch(
        await store.signedUrl(png, { expiresInSeconds: 60, contentType: 'image/png' }),
      );
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('content-disposition') ?? 'inline').toBe('inline');
      for (const contentType of ['image/svg+xml', 'text/html; charset=utf-8', 'application/xhtml+xml']) {
        const key = freshKey('active');
        await store.put(
          key,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        );
        const response = await fetch(await store.signedUrl(key, { expiresInSeconds: 60, contentType }));
        expect(response.status).toBe(200);
        // Sandboxed where the server sends it (the disk store), a download where it cannot (a bucket).
        const sandboxed = /\bsandbox\b/.test(response.headers.get('content-security-policy') ?? '');
        const attachment = (response.headers.get('content-disposition') ?? '').startsWith('attachment');
        expect({ contentType, safe: sandboxed || attachment }).toEqual({ contentType, safe: true });
      }
    });

    it('refuses a URL once it has expired, or altered in its type, name or key', async () => {
      const key = freshKey('secret.txt');
      const other = freshKey('other.txt');
      await store.put(key, Buffer.from('only for the holder of a valid link'));
      await store.put(other, Buffer.from('another file'));
      const options = { expiresInSeconds: 60, downloadName: 'secret.txt', contentType: 'text/plain' };
      const url = new URL(await store.signedUrl(key, options));
      const refused = async (target: string) => {
        const response = await fetch(target);
        expect(response.status, target).toBeGreaterThanOrEqual(400);
        expect(await response.text()).not.toContain('only for the holder');
      };
      let alteredParams = 0;
      for (const [param, value] of url.searchParams) {
        if (!/type|disposition|name/i.test(param)) continue;
        alteredParams++;
        const altered = new URL(url);
        altered.searchParams.set(param, value.replace(/text\/plain|secret\.txt/g, 'text/html'));
        expect(altered.href).not.toBe(url.href);
        await refused(altered.href);
      }
      expect(alteredParams).toBeGreaterThanOrEqual(2);
      await refused(url.href.replace(key, other));

      const shortLived = await store.signedUrl(key, { ...options, expiresInSeconds: 1 });
      expect((await fetch(shortLived)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await refused(shortLived);
    });
  });
}
