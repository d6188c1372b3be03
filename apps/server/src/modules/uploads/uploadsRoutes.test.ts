import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileAttachmentSchema, pagedSchema } from '@kelvin/contract';
import { fileAttachments } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { gz, putBytes, registerUpload, settled, upload } from './uploadsTestKit.ts';

const LIMIT_MESSAGE = 'Error encountered while creating attachment: File exceeds maximum size of 300MB.';
const page = pagedSchema(fileAttachmentSchema);
const CREATE = '/fileAttachments.createAssetDataAttachmentUploadSignedUrl';

describe('asset data upload calls', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const statusOf = async (fileAttachmentId: number) => {
    const [row] = await server.database.db
      .select()
      .from(fileAttachments)
      .where(eq(fileAttachments.fileAttachmentId, fileAttachmentId));
    return row?.status;
  };

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  describe('createAssetDataAttachmentUploadSignedUrl', () => {
    it("refuses a file of 300000000 bytes or more with the spec's message and registers nothing", async () => {
      const before = await server.database.db.select().from(fileAttachments);
      for (const fileSizeInBytes of [300_000_000, 300_000_001]) {
        const answer = await api(fleet.users.adminA, 'POST', CREATE, { filename: 'big.gz', fileSizeInBytes });
        expect(answer.status).toBe(400);
        expect(errorOf(answer).message).toBe(LIMIT_MESSAGE);
      }
      expect(await server.database.db.select().from(fileAttachments)).toEqual(before);
    });

    it('registers a PENDING upload in the caller company with a signed same-origin PUT URL', async () => {
      const created = await registerUpload(api, fleet.users.adminA, 'readings.csv.gz', 299_999_999);
      expect(created.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.uploadUrl).toMatch(
        new RegExp(`^${server.url}/uploads/${created.requestId}\\?expires=\\d+&signature=[\\w-]+$`),
      );
      const [row] = await server.database.db
        .select()
        .from(fileAttachments)
        .where(eq(fileAttachments.requestId, created.requestId));
      expect(row).toMatchObject({
        status: 'PENDING',
        companyId: fleet.companyA.companyId,
        kind: 'ASSET_READING_ATTACHMENT',
        contentType: 'application/gzip',
        filepath: `asset-data/${fleet.companyA.companyId}/${created.requestId}.gz`,
      });
    });

    it('refuses callers without the permission and names that are not .gz', async () => {
      const denied = await api(fleet.users.operatorA, 'POST', CREATE, {
        filename: 'a.gz',
        fileSizeInBytes: 10,
      });
      expect(denied.status).toBe(403);
      const csv = await api(fleet.users.adminA, 'POST', CREATE, { filename: 'a.csv', fileSizeInBytes: 10 });
      expect(csv.status).toBe(400);
      expect(errorOf(csv).message).toContain('Only .gz files can be uploaded');
    });
  });

  describe('PUT /uploads/{requestId}', () => {
    const bytes = gz('assetId,alias,ts,value\n');

    it('refuses a wrong or missing signature and leaves the upload PENDING', async () => {
      const created = await registerUpload(api, fleet.users.adminA, 'a.gz', bytes.length);
      const forged = created.uploadUrl.replace(/signature=[\w-]+/, 'signature=forged');
      expect((await putBytes(forged, bytes)).status).toBe(403);
      expect((await putBytes(created.uploadUrl.replace(/\?.*$/, ''), bytes)).status).toBe(403);
      const otherRequest = created.uploadUrl.replace(created.requestId, crypto.randomUUID());
      expect((await putBytes(otherRequest, bytes)).status).toBe(403);
      expect(await statusOf(created.fileAttachmentId)).toBe('PENDING');
    });

    it('refuses a body larger than declared, and one that stops short, keeping the upload PENDING', async () => {
      const created = await registerUpload(api, fleet.users.adminA, 'a.gz', bytes.length - 1);
      const larger = await putBytes(created.uploadUrl, bytes);
      expect(larger.status).toBe(413);
      expect(errorOf({ status: 413, body: await larger.json() }).message).toContain('larger than the');

      const short = await registerUpload(api, fleet.users.adminA, 'b.gz', bytes.length + 5);
      const answer = await putBytes(short.uploadUrl, bytes);
      expect(answer.status).toBe(400);
      expect(await statusOf(created.fileAttachmentId)).toBe('PENDING');
      expect(await statusOf(short.fileAttachmentId)).toBe('PENDING');
    });

    it('refuses a chunked body that grows past the declared size while streaming', async () => {
      const created = await registerUpload(api, fleet.users.adminA, 'a.gz', 10);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(8));
          controller.enqueue(new Uint8Array(8));
          controller.close();
        },
      });
      const answer = await fetch(created.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/gzip' },
        body: stream,
        duplex: 'half',
      });
      expect(answer.status).toBe(413);
      expect(await statusOf(created.fileAttachmentId)).toBe('PENDING');
    });

    it('takes a body sent without a content type', async () => {
      const created = await registerUpload(api, fleet.users.adminA, 'a.gz', bytes.length);
      const answer = await fetch(created.uploadUrl, { method: 'PUT', body: new Blob([bytes]) });
      expect(answer.status).toBe(200);
      await settled(server.database.db, created.fileAttachmentId);
    });

    it('accepts the bytes once (UPLOADED, then processing) and refuses a second upload', async () => {
      const created = await upload(api, fleet.users.adminA, 'a.gz', bytes);
      const second = await putBytes(created.uploadUrl, bytes);
      expect(second.status).toBe(409);
      expect(await settled(server.database.db, created.fileAttachmentId)).toMatchObject({
        status: 'ERROR',
        failureReason: 'The file holds no data points.',
      });
    });
  });

  describe('fileAttachments.list and getDownloadSignedUrl', () => {
    let companyBUploads: number[];

    beforeAll(async () => {
      companyBUploads = [];
      for (const name of ['b1.gz', 'b2.gz', 'b3.gz']) {
        companyBUploads.push((await registerUpload(api, fleet.users.adminB, name, 100)).fileAttachmentId);
      }
    });

    it("pages the caller's uploads newest first, with the uploader's name", async () => {
      const first = await api(fleet.users.adminB, 'POST', '/fileAttachments.list', {
        filter: {},
        pageableQuery: { type: 'PAGED', pageSize: 2, pageNumber: 0, sort: [] },
      });
      expect(first.status).toBe(200);
      const body = page.parse(first.body);
      expect(body.pageable).toEqual({ totalSize: 3, pageSize: 2, pageNumber: 0 });
      expect(body.content.map((row) => row.filename)).toEqual(['b3.gz', 'b2.gz']);
      expect(body.content[0]).toMatchObject({
        userName: 'Bea Bravo',
        status: 'PENDING',
        fileSizeInBytes: 100,
      });
      const second = page.parse(
        (
          await api(fleet.users.adminB, 'POST', '/fileAttachments.list', {
            filter: {},
            pageableQuery: { type: 'PAGED', pageSize: 2, pageNumber: 1, sort: [] },
          })
        ).body,
      );
      expect(second.content.map((row) => row.filename)).toEqual(['b1.gz']);
    });

    it('filters by status, and keeps other companies out of sight', async () => {
      const pendingA = page.parse(
        (
          await api(fleet.users.adminA, 'POST', '/fileAttachments.list', {
            filter: { statuses: ['PENDING'] },
          })
        ).body,
      );
      expect(pendingA.content.length).toBeGreaterThan(0);
      expect(pendingA.content.every((row) => row.status === 'PENDING')).toBe(true);
      expect(pendingA.content.some((row) => companyBUploads.includes(row.fileAttachmentId))).toBe(false);

      const errorsA = page.parse(
        (await api(fleet.users.adminA, 'POST', '/fileAttachments.list', { filter: { statuses: ['ERROR'] } }))
          .body,
      );
      expect(errorsA.content.every((row) => row.status === 'ERROR')).toBe(true);

      const everything = page.parse(
        (await api(fleet.users.providerAdmin, 'POST', '/fileAttachments.list', { filter: {} })).body,
      );
      expect(everything.pageable.totalSize).toBe(
        pendingA.pageable.totalSize + errorsA.pageable.totalSize + 3,
      );
    });

    it("gives a download URL of the caller's own upload and a 404 for another company's", async () => {
      const bytes = gz('assetId,alias,ts,value\n');
      const created = await upload(api, fleet.users.adminB, 'mine.gz', bytes);
      const own = await api(fleet.users.adminB, 'POST', '/fileAttachments.getDownloadSignedUrl', {
        fileAttachmentId: created.fileAttachmentId,
      });
      expect(own.status).toBe(200);
      const { url } = z.object({ url: z.string() }).parse(own.body);
      const download = await fetch(url);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);

      const foreign = await api(fleet.users.adminA, 'POST', '/fileAttachments.getDownloadSignedUrl', {
        fileAttachmentId: created.fileAttachmentId,
      });
      expect(foreign.status).toBe(404);
      const pending = await api(fleet.users.adminB, 'POST', '/fileAttachments.getDownloadSignedUrl', {
        fileAttachmentId: companyBUploads[0],
      });
      expect(pending.status).toBe(404);
    });
  });
});
