import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ticketAttachmentSchema, ticketCommentSchema } from '@kelvin/contract';
import { ticketAttachments } from '../../platform/db/ticketsSchema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, errorOf } from '../assets/assetsTestFixture.ts';
import { putBytes } from '../uploads/uploadsTestKit.ts';
import {
  buildTicketFixture,
  expectRefused,
  ticketEvents,
  type TicketFixture,
} from './ticketCommentsTestKit.ts';

const LIMIT_MESSAGE = 'Error encountered while creating attachment: File exceeds maximum size of 300MB.';
const createdSchema = z.object({ ticketAttachmentId: z.number().int(), uploadUrl: z.string() });
const listSchema = z.object({ content: z.array(ticketAttachmentSchema) });
const urlSchema = z.object({ url: z.string() });
type User = { identityId: string };

describe('ticket attachment calls', () => {
  let server: TestServer;
  let fx: TicketFixture;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  const register = async (user: User, body: Record<string, unknown>) => {
    const answer = await api(user, 'POST', '/tickets.attachments.createUpload', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return createdSchema.parse(answer.body);
  };
  /** Registers and uploads a file; answers its id. */
  const attach = async (user: User, ticketId: number, text: string, extra: Record<string, unknown> = {}) => {
    const bytes = Buffer.from(text);
    const created = await register(user, {
      ticketId,
      filename: 'report.txt',
      fileSizeInBytes: bytes.length,
      contentType: 'text/plain',
      ...extra,
    });
    const put = await putBytes(created.uploadUrl, bytes);
    expect(put.status).toBe(200);
    return created.ticketAttachmentId;
  };
  const list = async (user: User, ticketId: number) => {
    const answer = await api(user, 'POST', '/tickets.attachments.list', { ticketId });
    expect(answer.status).toBe(200);
    return listSchema.parse(answer.body).content.map((row) => row.ticketAttachmentId);
  };
  const downloadUrl = (user: User, ticketAttachmentId: number) =>
    api(user, 'POST', '/tickets.attachments.getDownloadSignedUrl', { ticketAttachmentId });

  beforeAll(async () => {
    server = await startTestServer();
    fx = await buildTicketFixture(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());
  afterEach(() => vi.restoreAllMocks());

  it("refuses a file of 300000000 bytes or more with the spec's message and registers nothing", async () => {
    for (const fileSizeInBytes of [300_000_000, 300_000_001]) {
      await expectRefused(
        db(),
        () =>
          api(fx.users.technician, 'POST', '/tickets.attachments.createUpload', {
            ticketId: fx.ids.ticketA,
            filename: 'big.mp4',
            fileSizeInBytes,
            contentType: 'video/mp4',
          }),
        400,
        LIMIT_MESSAGE,
      );
    }
  });

  it('lists a file only once its bytes are stored, then downloads it by a signed URL that expires', async () => {
    const bytes = Buffer.from('Pressure test: 24 bar held for 30 minutes.');
    const created = await register(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      filename: 'pressure test.txt',
      fileSizeInBytes: bytes.length,
      contentType: 'text/plain',
      description: 'Signed by the site manager',
    });
    expect(created.uploadUrl).toMatch(
      new RegExp(`^${server.url}/ticket-attachments/${created.ticketAttachmentId}\\?expires=\\d+&signature=`),
    );
    expect(await list(fx.users.technician, fx.ids.ticketA)).not.toContain(created.ticketAttachmentId);
    expect((await downloadUrl(fx.users.technician, created.ticketAttachmentId)).status).toBe(404);

    expect((await putBytes(created.uploadUrl, bytes)).status).toBe(200);
    const [row] = await db()
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketAttachmentId, created.ticketAttachmentId));
    expect(row?.uploadedAt).toBeInstanceOf(Date);
    const listed = listSchema
      .parse(
        (await api(fx.users.adminA, 'POST', '/tickets.attachments.list', { ticketId: fx.ids.ticketA })).body,
      )
      .content.find((file) => file.ticketAttachmentId === created.ticketAttachmentId);
    expect(listed).toMatchObject({
      filename: 'pressure test.txt',
      description: 'Signed by the site manager',
      fileSizeInBytes: bytes.length,
      userName: 'Tess Tech',
      commentId: null,
    });
    expect((await ticketEvents(db(), fx.ids.ticketA)).at(-1)).toMatchObject({
      name: 'tickets.attachments.create',
      actorUserId: fx.users.technician.userId,
    });

    const { url } = urlSchema.parse((await downloadUrl(fx.users.adminA, created.ticketAttachmentId)).body);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain');
    expect(download.headers.get('content-disposition')).toContain('pressure%20test.txt');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    // Five minutes later the same link is refused.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 301_000);
    expect((await fetch(url)).status).toBe(404);
  });

  it('refuses a forged or expired upload link, a size other than declared, and a second upload', async () => {
    const bytes = Buffer.from('twelve bytes');
    const created = await register(fx.users.technician, {
      ticketId: fx.ids.ticketA,
      filename: 'a.txt',
      fileSizeInBytes: bytes.length,
    });
    expect(
      (await putBytes(created.uploadUrl.replace(/signature=[\w-]+/, 'signature=forged'), bytes)).status,
    ).toBe(403);
    expect((await putBytes(created.uploadUrl, Buffer.from('eleven byte'))).status).toBe(400);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 2 * 60 * 60 * 1000);
    expect((await putBytes(created.uploadUrl, bytes)).status).toBe(403);
    vi.restoreAllMocks();
    expect((await putBytes(created.uploadUrl, bytes)).status).toBe(200);
    expect((await putBytes(created.uploadUrl, bytes)).status).toBe(409);
  });

  it("hides an INTERNAL comment's files from an external user: not listed, and 404 by id", async () => {
    const comment = ticketCommentSchema.parse(
      (
        await api(fx.users.technician, 'POST', '/tickets.comments.create', {
          ticketId: fx.ids.ticketA,
          comment: 'Quote attached (internal).',
        })
      ).body,
    );
    const fileId = await attach(fx.users.technician, fx.ids.ticketA, 'cost breakdown', {
      commentId: comment.commentId,
    });
    expect(await list(fx.users.technician, fx.ids.ticketA)).toContain(fileId);
    expect(await list(fx.users.adminA, fx.ids.ticketA)).not.toContain(fileId);
    const denied = await downloadUrl(fx.users.adminA, fileId);
    expect(denied.status).toBe(404);
    expect(errorOf(denied).message).toBe('Attachment not found.');
    await expectRefused(
      db(),
      () => api(fx.users.adminA, 'POST', '/tickets.attachments.delete', { ticketAttachmentId: fileId }),
      404,
    );
    const staffComments = z
      .object({ content: z.array(ticketCommentSchema) })
      .parse(
        (await api(fx.users.technician, 'POST', '/tickets.comments.list', { ticketId: fx.ids.ticketA })).body,
      );
    expect(
      staffComments.content.find((row) => row.commentId === comment.commentId)?.commentAttachments,
    ).toEqual([expect.objectContaining({ ticketAttachmentId: fileId })]);
    expect((await ticketEvents(db(), fx.ids.ticketA)).at(-1)?.data).toMatchObject({ visibility: 'INTERNAL' });
  });

  it("refuses a file on someone else's comment (403) or on another ticket's comment (404)", async () => {
    const comment = ticketCommentSchema.parse(
      (
        await api(fx.users.technician, 'POST', '/tickets.comments.create', {
          ticketId: fx.ids.ticketA,
          comment: 'Photos follow.',
          visibility: 'EXTERNAL',
        })
      ).body,
    );
    const body = {
      filename: 'p.jpg',
      fileSizeInBytes: 10,
      contentType: 'image/jpeg',
      commentId: comment.commentId,
    };
    await expectRefused(
      db(),
      () =>
        api(fx.users.adminA, 'POST', '/tickets.attachments.createUpload', {
          ticketId: fx.ids.ticketA,
          ...body,
        }),
      403,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.technician, 'POST', '/tickets.attachments.createUpload', {
          ticketId: fx.ids.frozenA,
          ...body,
        }),
      409,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.technician, 'POST', '/tickets.attachments.createUpload', {
          ticketId: fx.ids.ticketB,
          ...body,
        }),
      404,
      'Comment not found.',
    );
  });

  it("answers 404 for another company's ticket, refuses bad input by field, and lets a customer remove only their own file", async () => {
    await expectRefused(
      db(),
      () => api(fx.users.adminA, 'POST', '/tickets.attachments.list', { ticketId: fx.ids.ticketB }),
      404,
    );
    const staffFile = await attach(fx.users.technician, fx.ids.ticketB, 'bravo file');
    await expectRefused(db(), () => downloadUrl(fx.users.adminA, staffFile), 404);
    for (const [body, field] of [
      [{ ticketId: fx.ids.ticketA, filename: '', fileSizeInBytes: 1 }, 'filename'],
      [{ ticketId: fx.ids.ticketA, filename: 'a', fileSizeInBytes: -1 }, 'fileSizeInBytes'],
      [
        { ticketId: fx.ids.ticketA, filename: 'a', fileSizeInBytes: 1, description: 'x'.repeat(501) },
        'description',
      ],
    ] as const) {
      const answer = await expectRefused(
        db(),
        () => api(fx.users.technician, 'POST', '/tickets.attachments.createUpload', body),
        400,
      );
      expect(JSON.stringify(errorOf(answer))).toContain(field);
    }

    const staffOnA = await attach(fx.users.technician, fx.ids.ticketA, 'service sheet');
    const customerOnA = await attach(fx.users.adminA, fx.ids.ticketA, 'site photo');
    await expectRefused(
      db(),
      () => api(fx.users.adminA, 'POST', '/tickets.attachments.delete', { ticketAttachmentId: staffOnA }),
      403,
    );
    await expectRefused(
      db(),
      () =>
        api(fx.users.operatorA, 'POST', '/tickets.attachments.delete', { ticketAttachmentId: customerOnA }),
      403,
    );
    expect(
      (await api(fx.users.adminA, 'POST', '/tickets.attachments.delete', { ticketAttachmentId: customerOnA }))
        .status,
    ).toBe(200);
    expect(
      (
        await api(fx.users.providerAdmin, 'POST', '/tickets.attachments.delete', {
          ticketAttachmentId: staffOnA,
        })
      ).status,
    ).toBe(200);
    const remaining = await list(fx.users.technician, fx.ids.ticketA);
    expect(remaining).not.toContain(customerOnA);
    expect(remaining).not.toContain(staffOnA);
    expect((await ticketEvents(db(), fx.ids.ticketA)).at(-1)?.name).toBe('tickets.attachments.delete');
  });
});
