import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companySchema } from '@kelvin/contract';
import { assets, companies, roleGrants, roles, userRoles } from '../../platform/db/schema.ts';
import { buildCompany, buildUser } from '../../testing/factories.ts';
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
  withEventDelta,
  type Caller,
} from '../users/adminTestKit.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const fields = {
  name: 'Fabrikam Cooling',
  netSuiteCustomerInternalId: 'NS-1',
  subscription: 'ENHANCED_SUPPORT',
};

describe.each(kinds)('companies on %s', (kind) => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildWorld>>;
  /** Holds companies:write on its own company only: the caller that meets the 404 of another company. */
  let editorB: Caller;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    world = await buildWorld(server);
    const db = server.database.db;
    const [role] = await db.insert(roles).values({ name: 'Customer Company Editor' }).returning();
    if (!role) throw new Error('role not created');
    await db.insert(roleGrants).values(
      ['companies:read', 'companies:write'].map((permission) => ({
        roleId: role.roleId,
        permission,
        attributes: { companyId: { type: 'VALUES', values: ['$ownCompany'] } },
      })),
    );
    const user = await buildUser(db, { companyId: world.companyB.companyId });
    await db.insert(userRoles).values({ userId: user.userId, roleId: role.roleId });
    editorB = { user, token: await server.mintIdToken(user.identityId) };
  });
  afterAll(() => server.close());

  const row = async (companyId: number) => {
    const [found] = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.companyId, companyId));
    return found;
  };
  const companyCount = async () => (await server.database.db.select().from(companies)).length;

  describe.each([
    ['companies.create', 'POST', '/companies.create'],
    ['companies.post', 'POST', '/companies'],
  ])('%s', (_name, method, path) => {
    it('creates the company and records one companies.create event', async () => {
      const response = await withEventDelta(server.database.db, () =>
        api(server, world.providerAdmin, method, path, fields),
      );
      expect(response.status).toBe(200);
      const company = companySchema.parse(response.body);
      expect(company).toMatchObject({ ...fields, logoUrl: null, isDeleted: false });
      expect(await row(company.companyId)).toMatchObject(fields);
      expect(response.recorded).toBe(1);
      expect(
        await countEvents(server.database.db, { name: 'companies.create', subjectId: company.companyId }),
      ).toBe(1);
    });

    it('refuses bad input naming the field', async () => {
      const before = await companyCount();
      expectBadField(
        await api(server, world.providerAdmin, method, path, { ...fields, name: '  ' }),
        'body.name',
      );
      expectBadField(
        await api(server, world.providerAdmin, method, path, { ...fields, subscription: 'GOLD' }),
        'body.subscription',
      );
      expect(await companyCount()).toBe(before);
    });

    it('refuses customers (403) and creates nothing', async () => {
      const before = await companyCount();
      const events = await countEvents(server.database.db);
      expectError(await api(server, world.adminA, method, path, fields), 403);
      const envelope = expectError(await api(server, editorB, method, path, fields), 403);
      expect(envelope.message).toBe(
        'Creating a company needs the companies:write permission on every company.',
      );
      expect(await companyCount()).toBe(before);
      expect(await countEvents(server.database.db)).toBe(events);
    });
  });

  describe.each([
    [
      'companies.update',
      (companyId: number, body: object) => ['POST', '/companies.update', { companyId, ...body }] as const,
    ],
    ['companies.put', (companyId: number, body: object) => ['PUT', `/companies/${companyId}`, body] as const],
  ])('%s', (_name, request) => {
    it('updates the company and records what changed', async () => {
      const company = await buildCompany(server.database.db, { name: 'Old name' });
      const [method, path, body] = request(company.companyId, fields);
      const response = await withEventDelta(server.database.db, () =>
        api(server, world.providerAdmin, method, path, body),
      );
      expect(response.status).toBe(200);
      expect(companySchema.parse(response.body)).toMatchObject({ companyId: company.companyId, ...fields });
      expect(await row(company.companyId)).toMatchObject(fields);
      expect(response.recorded).toBe(1);
      expect(
        await countEvents(server.database.db, { name: 'companies.update', subjectId: company.companyId }),
      ).toBe(1);
    });

    it('refuses bad input naming the field', async () => {
      const [method, path, body] = request(world.companyA.companyId, { ...fields, name: '' });
      expectBadField(await api(server, world.providerAdmin, method, path, body), 'body.name');
    });

    it('answers another company with 404 or 403 and changes nothing', async () => {
      const before = await row(world.companyA.companyId);
      const events = await countEvents(server.database.db);
      const [method, path, body] = request(world.companyA.companyId, fields);
      expect(expectError(await api(server, editorB, method, path, body), 404).message).toBe(
        'Company not found.',
      );
      expectError(await api(server, world.adminB, method, path, body), 403);
      expect(await row(world.companyA.companyId)).toEqual(before);
      expect(await countEvents(server.database.db)).toBe(events);
    });
  });

  it('companies.update of an unknown company is a 404', async () => {
    expectError(
      await api(server, world.providerAdmin, 'POST', '/companies.update', { companyId: 99_999, ...fields }),
      404,
    );
  });

  describe('companies.list', () => {
    const names = (body: unknown) =>
      z
        .array(companySchema)
        .parse(body)
        .map((company) => company.name);

    it('gives provider staff every company and customers their own', async () => {
      const all = names((await api(server, world.technician, 'GET', '/companies')).body);
      expect(all).toEqual(expect.arrayContaining(['Kelvin Services', 'Northwind Data', 'Contoso Hosting']));
      expect(names((await api(server, world.adminA, 'GET', '/companies')).body)).toEqual(['Northwind Data']);
      const filtered = await api(
        server,
        world.adminA,
        'GET',
        `/companies?companyIds=${world.companyB.companyId}`,
      );
      expect(names(filtered.body)).toEqual([]);
    });

    it('hides deleted companies unless asked', async () => {
      const gone = await buildCompany(server.database.db, { name: 'Gone Ltd', isDeleted: true });
      const path = `/companies?companyIds=${gone.companyId}`;
      expect(names((await api(server, world.providerAdmin, 'GET', path)).body)).toEqual([]);
      expect(
        names((await api(server, world.providerAdmin, 'GET', `${path}&includeDeleted=true`)).body),
      ).toEqual(['Gone Ltd']);
    });

    it('refuses bad input naming the field, and callers without companies:read', async () => {
      expectBadField(
        await api(server, world.providerAdmin, 'GET', '/companies?companyIds=1,x'),
        'query.companyIds',
      );
      expectError(await api(server, world.operatorA, 'GET', '/companies'), 403);
    });
  });

  describe('companies.get', () => {
    it('returns the company to whoever may read it', async () => {
      const response = await api(server, world.adminA, 'GET', `/companies/${world.companyA.companyId}`);
      expect(companySchema.parse(response.body)).toMatchObject({ name: 'Northwind Data', logoUrl: null });
    });

    it('refuses bad input, and another company with 404', async () => {
      expectBadField(await api(server, world.adminA, 'GET', '/companies/abc'), 'params.companyId');
      expectError(await api(server, world.adminB, 'GET', `/companies/${world.companyA.companyId}`), 404);
      expectError(await api(server, world.operatorA, 'GET', `/companies/${world.companyA.companyId}`), 403);
    });
  });

  describe('companies.delete', () => {
    it('marks an empty company deleted with one event', async () => {
      const company = await buildCompany(server.database.db);
      const response = await withEventDelta(server.database.db, () =>
        api(server, world.providerAdmin, 'DELETE', `/companies/${company.companyId}`),
      );
      expect(response).toMatchObject({ status: 200, body: { ok: true }, recorded: 1 });
      expect((await row(company.companyId))?.isDeleted).toBe(true);
      expect(
        await countEvents(server.database.db, { name: 'companies.delete', subjectId: company.companyId }),
      ).toBe(1);
      expectError(await api(server, world.providerAdmin, 'DELETE', `/companies/${company.companyId}`), 404);
    });

    it('is refused while the company has active users or assets', async () => {
      const events = await countEvents(server.database.db);
      const withUsers = await api(
        server,
        world.providerAdmin,
        'DELETE',
        `/companies/${world.companyA.companyId}`,
      );
      expect(expectError(withUsers, 409).message).toBe(
        'This company still has 2 active users and 0 active assets. Delete or move them before deleting the company.',
      );
      const company = await buildCompany(server.database.db);
      await server.database.db
        .insert(assets)
        .values({ companyId: company.companyId, assetTypeId: 1, name: 'Site' });
      const withAsset = await api(server, world.providerAdmin, 'DELETE', `/companies/${company.companyId}`);
      expect(expectError(withAsset, 409).message).toContain('0 active users and 1 active asset.');
      expectError(await api(server, world.providerAdmin, 'DELETE', '/companies/1'), 409);
      expect((await row(world.companyA.companyId))?.isDeleted).toBe(false);
      expect((await row(company.companyId))?.isDeleted).toBe(false);
      expect(await countEvents(server.database.db)).toBe(events);
    });

    it('refuses bad input, and another company with 404 or 403', async () => {
      expectBadField(await api(server, world.providerAdmin, 'DELETE', '/companies/0'), 'params.companyId');
      const company = await buildCompany(server.database.db);
      const events = await countEvents(server.database.db);
      expectError(await api(server, editorB, 'DELETE', `/companies/${company.companyId}`), 404);
      expectError(await api(server, world.adminB, 'DELETE', `/companies/${company.companyId}`), 403);
      expect((await row(company.companyId))?.isDeleted).toBe(false);
      expect(await countEvents(server.database.db)).toBe(events);
    });
  });
});
