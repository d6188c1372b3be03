import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsEndpoints as forms } from '@kelvin/contract';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { buildAssetFleet, errorOf, type ApiAnswer, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { ticketEvents } from '../tickets/ticketsTestKit.ts';
import { FORM_ATTACHMENT_UPLOADER_ONLY } from './formAttachmentsService.ts';
import { CHECKLIST, expectFormsRefused, formsApi, newTicket, okOf } from './formsTestKit.ts';

describe('form attachments: upload (multipart, streamed), list, download, delete, size limit', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-form-files-'));
  let server: TestServer;
  let fleet: AssetFleet;
  let call: ReturnType<typeof formsApi>;
  let formId: number;
  let ticketId: number;
  const tokens = new Map<string, string>();
  const db = () => server.database.db;
  const storedFiles = () => readdir(path.join(dataDir, 'files', 'form-attachments')).catch(() => []);

  beforeAll(async () => {
    server = await startTestServer({ env: { KELVIN_DATA_DIR: dataDir } });
    fleet = await buildAssetFleet(server.database.db);
    call = formsApi(server);
    formId = okOf(
      forms.formDefinitionsCreate,
      await call.create(fleet.users.providerAdmin, {
        label: 'Incident inspection',
        formElements: CHECKLIST,
        ticketTypeValues: [-1],
      }),
    ).formId;
    ticketId = await newTicket(server, fleet.users.technician, {
      companyId: fleet.companyA.companyId,
      assetIds: [fleet.ids.unitA1],
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const tokenOf = async (user: { identityId: string }) => {
    const known = tokens.get(user.identityId);
    if (known) return known;
    const minted = await server.mintIdToken(user.identityId, { expiresIn: '1h' });
    tokens.set(user.identityId, minted);
    return minted;
  };

  /** The browser's way: FormData with the spec's fields, filename after the file. */
  async function upload(
    user: { identityId: string },
    fields: Record<string, string>,
    file: Buffer | null = Buffer.from('photo of the filter bank'),
  ): Promise<ApiAnswer> {
    const data = new FormData();
    const all: Record<string, string> = {
      formId: String(formId),
      entityType: 'TICKET',
      entityId: String(ticketId),
      assetId: String(fleet.ids.unitA1),
      ...fields,
    };
    for (const [name, value] of Object.entries(all)) if (name !== 'filename') data.append(name, value);
    if (file) data.append('upload', new Blob([file], { type: 'image/jpeg' }), 'IMG_0042.jpg');
    const filename = all.filename;
    if (filename !== undefined) data.append('filename', filename);
    const response = await fetch(`${server.url}/api/entities.forms.createAttachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(user)}` },
      body: data,
    });
    return { status: response.status, body: await response.json() };
  }

  it('stores a file in the ticket file store, lists it, serves it through a signed URL, audits it', async () => {
    const created = okOf(
      forms.formsCreateAttachment,
      await upload(fleet.users.technician, { filename: 'filters.jpg', description: 'Before cleaning' }),
    );
    expect(created).toMatchObject({
      formId,
      entityType: 'TICKET',
      entityId: ticketId,
      assetId: fleet.ids.unitA1,
      filename: 'filters.jpg',
      contentType: 'image/jpeg',
      fileSizeInBytes: 24,
      description: 'Before cleaning',
      createdBy: fleet.users.technician.userId,
    });
    expect(await storedFiles()).toHaveLength(1);
    const listed = okOf(
      forms.formsListAttachments,
      await call.listAttachments(fleet.users.adminA, {
        entityType: 'TICKET',
        entityId: ticketId,
        formIds: [formId],
      }),
    );
    expect(listed.content.map((file) => file.formAttachmentId)).toEqual([created.formAttachmentId]);
    const { url } = okOf(
      forms.formsGetAttachmentSignedUrl,
      await call.attachmentUrl(fleet.users.operatorA, {
        formAttachmentId: created.formAttachmentId,
        entityType: 'TICKET',
      }),
    );
    const download = await fetch(url.startsWith('http') ? url : `${server.url}${url}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('photo of the filter bank');
    expect((await ticketEvents(db(), ticketId)).map((event) => event.name)).toContain(
      'forms.attachments.create',
    );
  });

  it('refuses a file of 300MB or more with the spec message before reading it, keeping nothing', async () => {
    const before = await storedFiles();
    const token = await tokenOf(fleet.users.technician);
    const answer = await new Promise<ApiAnswer>((resolve, reject) => {
      const sending = request(`${server.url}/api/entities.forms.createAttachment`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'multipart/form-data; boundary=----kelvin',
          'content-length': String(UPLOAD_LIMIT_BYTES + 300_000),
        },
      });
      sending.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          sending.destroy();
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
        });
      });
      sending.on('error', reject);
      sending.write('------kelvin\r\n');
    });
    expect(answer.status).toBe(413);
    expect(errorOf(answer).message).toBe(UPLOAD_LIMIT_MESSAGE);
    expect(UPLOAD_LIMIT_MESSAGE).toBe(
      'Error encountered while creating attachment: File exceeds maximum size of 300MB.',
    );
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses another company's user, bad fields and a missing file, and keeps none of their bytes", async () => {
    const before = await storedFiles();
    await expectFormsRefused(db(), () => upload(fleet.users.adminB, {}), 404);
    await expectFormsRefused(db(), () => upload(fleet.users.operatorA, {}), 403);
    const bad = await expectFormsRefused(
      db(),
      () => upload(fleet.users.technician, { entityType: 'ASSET' }),
      400,
    );
    expect(errorOf(bad).details?.[0]?.field).toBe('body.entityType');
    await expectFormsRefused(db(), () => upload(fleet.users.technician, {}, null), 400, 'upload');
    expect(await storedFiles()).toEqual(before);
    const listed = await call.listAttachments(fleet.users.adminB, {
      entityType: 'TICKET',
      entityId: ticketId,
    });
    expect(listed.status).toBe(404);
  });

  it("lets the uploader or the service team remove a file, not a customer removing the team's; the bytes go", async () => {
    const created = okOf(forms.formsCreateAttachment, await upload(fleet.users.technician, {}));
    expect(created.filename).toBe('IMG_0042.jpg');
    const count = (await storedFiles()).length;
    await expectFormsRefused(
      db(),
      () =>
        call.deleteAttachment(fleet.users.adminA, {
          formAttachmentId: created.formAttachmentId,
          entityType: 'TICKET',
        }),
      403,
      FORM_ATTACHMENT_UPLOADER_ONLY,
    );
    await expectFormsRefused(
      db(),
      () =>
        call.deleteAttachment(fleet.users.adminB, {
          formAttachmentId: created.formAttachmentId,
          entityType: 'TICKET',
        }),
      404,
    );
    const own = okOf(
      forms.formsCreateAttachment,
      await upload(fleet.users.adminA, { filename: 'customer.jpg' }),
    );
    okOf(
      forms.formsDeleteAttachment,
      await call.deleteAttachment(fleet.users.adminA, {
        formAttachmentId: own.formAttachmentId,
        entityType: 'TICKET',
      }),
    );
    okOf(
      forms.formsDeleteAttachment,
      await call.deleteAttachment(fleet.users.technician, {
        formAttachmentId: created.formAttachmentId,
        entityType: 'TICKET',
      }),
    );
    expect(await storedFiles()).toHaveLength(count - 1);
    const listed = okOf(
      forms.formsListAttachments,
      await call.listAttachments(fleet.users.technician, { entityType: 'TICKET', entityId: ticketId }),
    );
    expect(listed.content.map((file) => file.formAttachmentId)).not.toContain(created.formAttachmentId);
    const gone = await call.attachmentUrl(fleet.users.technician, {
      formAttachmentId: created.formAttachmentId,
      entityType: 'TICKET',
    });
    expect(gone.status).toBe(404);
  });
});
