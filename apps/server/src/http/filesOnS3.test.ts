import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companySchema, formsEndpoints as forms } from '@kelvin/contract';
import { startTestBucket, type TestBucket } from '../testing/testBucket.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { insertArtifact } from '../modules/assets/assetArtifactsRepository.ts';
import { apiAs, buildAssetFleet, type AssetFleet } from '../modules/assets/assetsTestFixture.ts';
import { CHECKLIST, formsApi, newTicket, okOf } from '../modules/forms/formsTestKit.ts';
import { buildUploadMetrics, gz, settled, upload } from '../modules/uploads/uploadsTestKit.ts';

const urlSchema = z.object({ url: z.string() });
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('rest of a png')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');

/** Every kind of file the server keeps, with the files in a bucket (S3_*) on s3rver; tickets have their own test. */
describe('files in a bucket through the HTTP calls', () => {
  let bucket: TestBucket;
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    bucket = await startTestBucket();
    server = await startTestServer({ env: bucket.env });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(async () => {
    await server.close();
    await bucket.close();
  });

  /** A download from the bucket: its status, bytes and the headers that decide how a browser treats it. */
  const download = async (url: string) => {
    expect(new URL(url).origin).toBe(bucket.settings.endpoint);
    const response = await fetch(url);
    return {
      status: response.status,
      bytes: Buffer.from(await response.arrayBuffer()),
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
    };
  };

  const sendLogo = async (file: { data: Buffer; type: string; name: string }) => {
    const data = new FormData();
    data.append('companyId', String(fleet.companyA.companyId));
    data.append('upload', new Blob([file.data], { type: file.type }), file.name);
    const token = await server.mintIdToken(fleet.users.providerAdmin.identityId);
    const response = await fetch(`${server.url}/api/companies.updateLogo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: data,
    });
    expect(response.status).toBe(200);
    return companySchema.parse(await response.json());
  };

  it('keeps a logo in the bucket: an SVG only as an attachment, a PNG in place, the replaced one removed', async () => {
    const svg = await sendLogo({ data: SVG, type: 'image/svg+xml', name: 'logo.svg' });
    if (!svg.logoUrl || !svg.logoFilePath) throw new Error('no logo stored');
    expect(await download(svg.logoUrl)).toEqual({
      status: 200,
      bytes: SVG,
      type: 'image/svg+xml',
      disposition: 'attachment',
    });

    const png = await sendLogo({ data: PNG, type: 'image/png', name: 'logo.png' });
    if (!png.logoUrl) throw new Error('no logo stored');
    expect(await download(png.logoUrl)).toEqual({
      status: 200,
      bytes: PNG,
      type: 'image/png',
      disposition: 'inline',
    });
    expect(await server.files.size(svg.logoFilePath)).toBeUndefined();
  });

  it('ingests an asset data upload read back from the bucket, and hands the file out again', async () => {
    const metrics = await buildUploadMetrics(server.database.db);
    const at = Date.now() - 3_600_000;
    const bytes = gz(`assetId,alias,ts,value\n${fleet.ids.unitA1},${metrics.temperature.alias},${at},21.5\n`);
    const created = await upload(api, fleet.users.adminA, 'readings.csv.gz', bytes);
    expect(await settled(server.database.db, created.fileAttachmentId)).toMatchObject({
      status: 'INGESTED',
      pointsIngested: 1,
    });
    const answer = await api(fleet.users.adminA, 'POST', '/fileAttachments.getDownloadSignedUrl', {
      fileAttachmentId: created.fileAttachmentId,
    });
    expect(answer.status).toBe(200);
    const file = await download(urlSchema.parse(answer.body).url);
    expect(file).toMatchObject({ status: 200, type: 'application/gzip' });
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(file.disposition).toBe("attachment; filename*=UTF-8''readings.csv.gz");
  });

  it("keeps a form's attachment in the bucket and serves it under its name", async () => {
    const call = formsApi(server);
    const { formId } = okOf(
      forms.formDefinitionsCreate,
      await call.create(fleet.users.providerAdmin, {
        label: 'Filter inspection',
        formElements: CHECKLIST,
        ticketTypeValues: [-1],
      }),
    );
    const ticketId = await newTicket(server, fleet.users.technician, {
      companyId: fleet.companyA.companyId,
      assetIds: [fleet.ids.unitA1],
    });
    const photo = Buffer.from('photo of the filter bank');
    const data = new FormData();
    for (const [name, value] of Object.entries({
      formId: String(formId),
      entityType: 'TICKET',
      entityId: String(ticketId),
      assetId: String(fleet.ids.unitA1),
    }))
      data.append(name, value);
    data.append('upload', new Blob([photo], { type: 'image/jpeg' }), 'Filterbank vorher.jpg');
    const token = await server.mintIdToken(fleet.users.technician.identityId);
    const sent = await fetch(`${server.url}/api/entities.forms.createAttachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: data,
    });
    expect(sent.status).toBe(200);
    const { formAttachmentId } = z.object({ formAttachmentId: z.number() }).parse(await sent.json());
    const { url } = okOf(
      forms.formsGetAttachmentSignedUrl,
      await call.attachmentUrl(fleet.users.operatorA, { formAttachmentId, entityType: 'TICKET' }),
    );
    expect(await download(url)).toEqual({
      status: 200,
      bytes: photo,
      type: 'image/jpeg',
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent('Filterbank vorher.jpg')}`,
    });
  });

  it("hands out an asset's artifact from the bucket, typed and named", async () => {
    const agent = fleet.ids.agentA1;
    const log = Buffer.from('2026-11-28T12:00:00Z agent started\n');
    const filePath = `asset-artifacts/${agent}/agent.log`;
    await server.files.put(filePath, log);
    const { assetArtifactIndexId } = await insertArtifact(server.database.db, {
      assetId: agent,
      artifactType: 'log',
      fileName: 'agent.log',
      contentType: 'text/plain',
      fileSizeInBytes: log.length,
      filePath,
    });
    const answer = await api(fleet.users.adminA, 'POST', '/assets.artifacts.getDownloadS3SignedUrl', {
      assetArtifactIndexId,
    });
    expect(answer.status).toBe(200);
    expect(await download(urlSchema.parse(answer.body).url)).toEqual({
      status: 200,
      bytes: log,
      type: 'text/plain',
      disposition: "attachment; filename*=UTF-8''agent.log",
    });
  });
});
