import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOGO_MAX_BYTES, companySchema } from '@kelvin/contract';
import { companies } from '../../platform/db/schema.ts';
import { buildCompany } from '../../testing/factories.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import {
  api,
  buildWorld,
  countEvents,
  expectBadField,
  expectError,
  failEventsNamed,
  withEventDelta,
  type ApiResponse,
  type Caller,
} from '../users/adminTestKit.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

describe.each(kinds)('company logos on %s', (kind) => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildWorld>>;

  // A data directory of its own, so that files left by another run cannot pass for this run's.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-logos-'));

  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { KELVIN_DATA_DIR: dataDir } });
    world = await buildWorld(server);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const logoFiles = (companyId: number) => {
    const dir = path.join(server.config.dataDir, 'files', 'company-logos', String(companyId));
    return existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.part')) : [];
  };
  const row = async (companyId: number) => {
    const [found] = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.companyId, companyId));
    return found;
  };

  /** The browser's way: FormData with a Blob, sent by fetch as multipart/form-data. */
  async function upload(
    who: Caller | undefined,
    form: {
      companyId?: string;
      file?: { data: Buffer; type: string; name?: string };
      extra?: Record<string, string>;
      /** The browser sends parts in append order; a client may put the file before the fields. */
      fileFirst?: boolean;
    },
  ): Promise<ApiResponse & { recorded: number }> {
    const data = new FormData();
    const appendFile = () => {
      if (form.file)
        data.append('upload', new Blob([form.file.data], { type: form.file.type }), form.file.name ?? 'logo');
    };
    if (form.fileFirst) appendFile();
    if (form.companyId !== undefined) data.append('companyId', form.companyId);
    for (const [name, value] of Object.entries(form.extra ?? {})) data.append(name, value);
    if (!form.fileFirst) appendFile();
    return withEventDelta(server.database.db, async () => {
      const response = await fetch(`${server.url}/api/companies.updateLogo`, {
        method: 'POST',
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
        body: data,
      });
      return { status: response.status, body: await response.json() };
    });
  }

  it('stores an upload, serves it through the signed URL, and replaces it', async () => {
    const company = await buildCompany(server.database.db);
    const id = String(company.companyId);
    const first = await upload(world.providerAdmin, {
      companyId: id,
      file: { data: PNG, type: 'image/png', name: 'a.png' },
    });
    expect(first.status).toBe(200);
    expect(first.recorded).toBe(1);
    const stored = companySchema.parse(first.body);
    expect(stored.logoContentType).toBe('image/png');
    expect(stored.logoFilePath).toMatch(new RegExp(`^company-logos/${id}/[0-9a-f-]{36}\\.png$`));

    const signed = await api(server, world.providerAdmin, 'POST', '/companies.getLogoS3SignedUrl', {
      companyId: company.companyId,
    });
    const url = z.object({ url: z.string() }).parse(signed.body).url;
    const file = await fetch(url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect(await (await fetch(stored.logoUrl ?? '')).arrayBuffer()).toEqual(
      await (await fetch(url)).arrayBuffer(),
    );

    const second = await upload(world.providerAdmin, {
      companyId: id,
      file: { data: SVG, type: 'image/svg+xml' },
    });
    expect(second.status).toBe(200);
    expect(companySchema.parse(second.body).logoContentType).toBe('image/svg+xml');
    // The replaced file is removed: one logo on disk per company.
    expect(logoFiles(company.companyId)).toEqual([
      path.basename(companySchema.parse(second.body).logoFilePath ?? ''),
    ]);
    expect(
      await countEvents(server.database.db, { name: 'companies.updateLogo', subjectId: company.companyId }),
    ).toBe(2);
  });

  it.each([
    [
      'a type that is not an image',
      { data: Buffer.from('hello'), type: 'text/plain' },
      'The logo must be a PNG, JPEG, SVG or WebP image, not text/plain.',
    ],
    [
      'bytes that do not match the type',
      { data: Buffer.from('not a png'), type: 'image/png' },
      'The file is not a valid PNG image.',
    ],
    [
      'a file over the limit',
      { data: Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]), type: 'image/png' },
      'The logo is larger than 2 MB. Choose a smaller image.',
    ],
    [
      'an SVG with script',
      { data: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/svg+xml' },
      'The SVG logo contains scripts or event handlers; save it as a plain image and try again.',
    ],
  ])('refuses %s with a 400 and stores nothing', async (_label, file, message) => {
    const company = await buildCompany(server.database.db);
    const response = await upload(world.providerAdmin, { companyId: String(company.companyId), file });
    expect(expectBadField(response, 'body.upload').message).toBe(message);
    expect(response.recorded).toBe(0);
    expect(logoFiles(company.companyId)).toEqual([]);
    expect((await row(company.companyId))?.logoFilePath).toBeNull();
  });

  it('refuses bad fields with the contract 400 naming them', async () => {
    const file = { data: PNG, type: 'image/png' };
    expectBadField(await upload(world.providerAdmin, { companyId: 'abc', file }), 'body.companyId');
    expectBadField(await upload(world.providerAdmin, { file }), 'body.companyId');
    const extra = await upload(world.providerAdmin, { companyId: '2', file, extra: { colour: 'red' } });
    expect(expectBadField(extra, 'body').message).toContain('colour');
    expectBadField(
      await upload(world.providerAdmin, { companyId: String(world.companyA.companyId) }),
      'body.upload',
    );
  });

  it('reads the fields after a file that is too large', async () => {
    const company = await buildCompany(server.database.db);
    const file = { data: Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]), type: 'image/png' };
    const response = await upload(world.providerAdmin, {
      companyId: String(company.companyId),
      file,
      fileFirst: true,
    });
    expect(expectBadField(response, 'body.upload').message).toBe(
      'The logo is larger than 2 MB. Choose a smaller image.',
    );
    expect(logoFiles(company.companyId)).toEqual([]);
  });

  it('authenticates first: no token is a 401 whatever the body', async () => {
    expectError(await upload(undefined, { companyId: 'abc', file: { data: PNG, type: 'image/png' } }), 401);
  });

  it('refuses an anonymous caller before reading the body, even a malformed one', async () => {
    const response = await fetch(`${server.url}/api/companies.updateLogo`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=----x' },
      body: '------x\r\nnot a valid part',
    });
    expect(response.status).toBe(401);
  });

  it('answers another company with 404 or 403 and stores nothing', async () => {
    const id = world.companyA.companyId;
    const before = await row(id);
    const response = await upload(world.adminB, {
      companyId: String(id),
      file: { data: PNG, type: 'image/png' },
    });
    expectError(response, 403);
    expect(response.recorded).toBe(0);
    expect(await row(id)).toEqual(before);
    expect(logoFiles(id)).toEqual([]);
  });

  it('leaves neither row nor file behind when the audit event cannot be written', async () => {
    const company = await buildCompany(server.database.db);
    const restore = await failEventsNamed(server.database.db, 'companies.updateLogo');
    try {
      const response = await upload(world.providerAdmin, {
        companyId: String(company.companyId),
        file: { data: PNG, type: 'image/png' },
      });
      expect(response.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await row(company.companyId))?.logoFilePath).toBeNull();
    expect(logoFiles(company.companyId)).toEqual([]);
  });

  describe('companies.getLogoS3SignedUrl', () => {
    it("gives every user their own company's logo, companies:read or not", async () => {
      const body = { companyId: world.companyA.companyId };
      expect(await api(server, world.operatorA, 'POST', '/companies.getLogoS3SignedUrl', body)).toEqual({
        status: 200,
        body: { url: null },
      });
      const other = { companyId: world.companyB.companyId };
      expectError(await api(server, world.operatorA, 'POST', '/companies.getLogoS3SignedUrl', other), 403);
    });

    it('is null without a logo; refuses bad input and other companies', async () => {
      const own = await api(server, world.adminA, 'POST', '/companies.getLogoS3SignedUrl', {
        companyId: world.companyA.companyId,
      });
      expect(own).toEqual({ status: 200, body: { url: null } });
      expectBadField(
        await api(server, world.adminA, 'POST', '/companies.getLogoS3SignedUrl', { companyId: 'x' }),
        'body.companyId',
      );
      expectError(
        await api(server, world.adminB, 'POST', '/companies.getLogoS3SignedUrl', {
          companyId: world.companyA.companyId,
        }),
        404,
      );
    });
  });

  describe('companies.deleteLogo', () => {
    it('removes the logo and its file with one event; again changes nothing', async () => {
      const company = await buildCompany(server.database.db);
      await upload(world.providerAdmin, {
        companyId: String(company.companyId),
        file: { data: PNG, type: 'image/png' },
      });
      expect(logoFiles(company.companyId)).toHaveLength(1);
      const body = { companyId: company.companyId };
      const removed = await withEventDelta(server.database.db, () =>
        api(server, world.providerAdmin, 'POST', '/companies.deleteLogo', body),
      );
      expect(removed.status).toBe(200);
      expect(companySchema.parse(removed.body)).toMatchObject({
        logoUrl: null,
        logoFilePath: null,
        logoContentType: null,
      });
      expect(removed.recorded).toBe(1);
      expect(logoFiles(company.companyId)).toEqual([]);
      const again = await withEventDelta(server.database.db, () =>
        api(server, world.providerAdmin, 'POST', '/companies.deleteLogo', body),
      );
      expect(again).toMatchObject({ status: 200, recorded: 0 });
    });

    it('refuses bad input, and another company, keeping the logo', async () => {
      const company = await buildCompany(server.database.db);
      await upload(world.providerAdmin, {
        companyId: String(company.companyId),
        file: { data: PNG, type: 'image/png' },
      });
      const before = await row(company.companyId);
      expectBadField(
        await api(server, world.providerAdmin, 'POST', '/companies.deleteLogo', {}),
        'body.companyId',
      );
      const response = await withEventDelta(server.database.db, () =>
        api(server, world.adminB, 'POST', '/companies.deleteLogo', { companyId: company.companyId }),
      );
      expectError(response, 403);
      expect(response.recorded).toBe(0);
      expect(await row(company.companyId)).toEqual(before);
      expect(logoFiles(company.companyId)).toHaveLength(1);
    });
  });
});
