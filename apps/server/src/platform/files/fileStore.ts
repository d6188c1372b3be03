import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What every file store does: local disk by default, an S3-compatible bucket with S3_* (s3FileStore.ts). */
interface FileStoreCalls {
  /** Stores the data under a key such as `company-logos/3/logo.png`; resolves once all of it is stored. */
  put(key: string, data: Buffer | Readable): Promise<{ sizeInBytes: number }>;
  /** The file's bytes; rejects (or the stream fails) when there is no such file. */
  read(key: string): Promise<Readable>;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** A time-limited URL that lets a browser fetch the file without a bearer token. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** Served as an attachment under this name. */
  downloadName?: string;
  contentType?: string;
}

/** Files on the server's disk, handed out at `/files/*` (fileRoutes.ts) with URLs the server signs itself. */
export interface DiskFileStore extends FileStoreCalls {
  kind: 'disk';
  /** Checks a signed URL's query: true when it is genuine and not expired. */
  verifySignature(key: string, query: Readonly<Record<string, string | undefined>>, now?: number): boolean;
}

/** Files in a bucket, handed out by presigned URLs that the bucket itself checks. */
export interface S3FileStore extends FileStoreCalls {
  kind: 's3';
  /** Fails with a message naming the bucket when it cannot be reached with these credentials. */
  checkBucket(): Promise<void>;
  close(): void;
}

export type FileStore = DiskFileStore | S3FileStore;

/** `attachment` with the file's name as UTF-8 (RFC 6266/5987), what both stores send for a named download. */
export function attachmentDisposition(name: string | undefined): string {
  return name ? `attachment; filename*=UTF-8''${encodeURIComponent(name)}` : 'attachment';
}

const KEY_PATTERN = /^[\w.-]+(\/[\w.-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe file key: ${key}`);
  }
}

/** Files under a directory; URLs signed with HMAC-SHA256 and served by the server at /files/{key}. */
export function createLocalFileStore(options: {
  root: string;
  secret: string;
  publicOrigin: string;
}): DiskFileStore {
  const filePath = (key: string) => {
    assertSafeKey(key);
    return path.join(options.root, ...key.split('/'));
  };
  const sign = (key: string, expires: string, name: string, type: string) =>
    createHmac('sha256', options.secret).update(`${key}\n${expires}\n${name}\n${type}`).digest('base64url');

  return {
    kind: 'disk',
    async put(key, data) {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { sizeInBytes: (await stat(target)).size };
    },
    read(key) {
      return Promise.resolve(createReadStream(filePath(key)));
    },
    async size(key) {
      const target = filePath(key);
      try {
        return (await stat(target)).size;
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await rm(filePath(key), { force: true });
    },
    signedUrl(key, { expiresInSeconds, downloadName = '', contentType = '' }) {
      assertSafeKey(key);
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      const query = new URLSearchParams({
        expires,
        signature: sign(key, expires, downloadName, contentType),
      });
      if (downloadName) query.set('name', downloadName);
      if (contentType) query.set('type', contentType);
      return Promise.resolve(`${options.publicOrigin}/files/${key}?${query.toString()}`);
    },
    verifySignature(key, query, now = Date.now()) {
      const { expires, signature } = query;
      if (!expires || !signature || !KEY_PATTERN.test(key)) return false;
      if (Number(expires) * 1000 < now) return false;
      const expected = Buffer.from(sign(key, expires, query.name ?? '', query.type ?? ''));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
