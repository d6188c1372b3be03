import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ticketAttachments } from '../../platform/db/ticketsSchema.ts';
import { createS3Client } from '../../platform/files/s3FileStore.ts';
import { startTestBucket, type TestBucket } from '../../testing/testBucket.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs } from '../assets/assetsTestFixture.ts';
import { putBytes } from '../uploads/uploadsTestKit.ts';
import { buildTicketFixture, type TicketFixture } from './ticketCommentsTestKit.ts';

const createdSchema = z.object({ ticketAttachmentId: z.number().int(), uploadUrl: z.string() });
const urlSchema = z.object({ url: z.string() });

describe('ticket attachments with files in a bucket (S3_*)', () => {
  let bucket: TestBucket;
  let server: TestServer;
  let fx: TicketFixture;
  let api: ReturnType<typeof apiAs>;
  let webDist: string;

  beforeAll(async () => {
    bucket = await startTestBucket();
    // A web build of one page, so that the console page's security policy can be read.
    webDist = await mkdtemp(path.join(tmpdir(), 'kelvin-web-dist-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Kelvin</title>');
    server = await startTestServer({ env: { ...bucket.env, KELVIN_WEB_DIST: webDist } });
    fx = await buildTicketFixture(server.database.db);
    api = apiAs(server);
  });
  afterAll(async () => {
    await server.close();
    await bucket.close();
    await rm(webDist, { recursive: true, force: true });
  });

  /** Registers a file on ticket A, sends its bytes through the server, and answers its download URL. */
  const attach = async (filename: string, bytes: Buffer, contentType: string) => {
    const registered = await api(fx.users.technician, 'POST', '/tickets.attachments.createUpload', {
      ticketId: fx.ids.ticketA,
      filename,
      fileSizeInBytes: bytes.length,
      contentType,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const { ticketAttachmentId, uploadUrl } = createdSchema.parse(registered.body);
    const put = await putBytes(uploadUrl, bytes);
    expect(put.status, await put.clone().text()).toBe(200);
    const answer = await api(fx.users.adminA, 'POST', '/tickets.attachments.getDownloadSignedUrl', {
      ticketAttachmentId,
    });
    expect(answer.status).toBe(200);
    return { ticketAttachmentId, url: urlSchema.parse(answer.body).url };
  };

  it('stores an uploaded file in the bucket and hands it out by a presigned URL of the bucket', async () => {
    expect(server.files.kind).toBe('s3');
    const bytes = Buffer.from('Druckprüfung: 24 bar über 30 Minuten gehalten.');
    const { ticketAttachmentId, url } = await attach('Druckprüfung 3.txt', bytes, 'text/plain');
    expect(new URL(url).origin).toBe(bucket.settings.endpoint);
    expect(url).toContain('X-Amz-Signature=');

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.headers.get('content-type')).toBe('text/plain');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Druckprüfung 3.txt')}`,
    );

    // The bytes are in the bucket, not on the server's disk, and the server's own file route is not there.
    const [row] = await server.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketAttachmentId, ticketAttachmentId));
    if (!row) throw new Error('attachment row missing');
    expect(await server.files.size(row.filepath)).toBe(bytes.length);
    expect((await fetch(`${server.url}/files/${row.filepath}`)).status).toBe(404);
  });

  it('sends a file larger than a part through in parts, byte for byte', async () => {
    const bytes = randomBytes(17 * 1024 * 1024 + 321);
    const { url } = await attach('recording.bin', bytes, 'application/octet-stream');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("lets the console's pages show and fetch the bucket's files, and run scripts from nowhere else", async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    const directives = new Map(
      (page.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );
    expect(directives.get('img-src')).toContain(bucket.settings.endpoint);
    expect(directives.get('connect-src')).toContain(bucket.settings.endpoint);
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it('keeps nothing of an upload whose sender goes away part way, and takes the file when it is sent again', async () => {
    const bytes = randomBytes(20 * 1024 * 1024);
    const registered = await api(fx.users.technician, 'POST', '/tickets.attachments.createUpload', {
      ticketId: fx.ids.ticketA,
      filename: 'cut-off.bin',
      fileSizeInBytes: bytes.length,
      contentType: 'application/octet-stream',
    });
    const { ticketAttachmentId, uploadUrl } = createdSchema.parse(registered.body);
    // Two parts' worth (8 MiB each) and a bit, so that the server has begun a multipart upload; then the
    // connection drops.
    await new Promise<void>((resolve) => {
      const sending = request(uploadUrl, {
        method: 'PUT',
        headers: { 'content-length': String(bytes.length), 'content-type': 'application/octet-stream' },
      });
      sending.on('error', () => resolve());
      sending.write(bytes.subarray(0, 17 * 1024 * 1024), () => {
        setTimeout(() => {
          sending.destroy();
          resolve();
        }, 300);
      });
    });
    const client = createS3Client(bucket.settings);
    const objectsOf = async () => {
      const listed = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket.settings.bucket,
          Prefix: `ticket-attachments/${fx.ids.ticketA}/`,
        }),
      );
      return (listed.Contents ?? []).map((object) => object.Key);
    };
    try {
      const before = await objectsOf();
      const [row] = await server.database.db
        .select()
        .from(ticketAttachments)
        .where(eq(ticketAttachments.ticketAttachmentId, ticketAttachmentId));
      expect(row?.uploadedAt).toBeNull();
      // Sent again once the server has let go of the first attempt: stored whole, one object more.
      await expect
        .poll(async () => (await putBytes(uploadUrl, bytes)).status, { timeout: 10_000, interval: 200 })
        .toBe(200);
      const after = await objectsOf();
      expect(after.filter((key) => !before.includes(key))).toHaveLength(1);
      const answer = await api(fx.users.adminA, 'POST', '/tickets.attachments.getDownloadSignedUrl', {
        ticketAttachmentId,
      });
      const download = await fetch(urlSchema.parse(answer.body).url);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      client.destroy();
    }
  });
});
