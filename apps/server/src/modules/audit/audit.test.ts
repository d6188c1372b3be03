import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@kelvin/contract';
import { assetAccessGroupAssets, assetAccessGroups, assets } from '../../platform/db/schema.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { api, buildWorld, caller, expectBadField, expectError } from '../users/adminTestKit.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const page = (body: unknown) => contract.auditList.output.parse(body);

describe.each(kinds)('audit.list on %s', (kind) => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildWorld>>;
  let assetId: number;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    world = await buildWorld(server);
    const companyId = world.companyA.companyId;
    // Three changes of company A by the provider, through the API: the trail to read back.
    for (const name of ['First', 'Second', 'Third']) {
      const body = { companyId, name, subscription: 'OBSERVABILITY' };
      expect((await api(server, world.providerAdmin, 'POST', '/companies.update', body)).status).toBe(200);
    }
    const [asset] = await server.database.db
      .insert(assets)
      .values({ companyId, assetTypeId: 1, name: 'Site A' })
      .returning();
    if (!asset) throw new Error('asset not created');
    assetId = asset.assetId;
    await recordEvent(server.database.db, {
      name: 'assets.update',
      actorUserId: world.adminA.user.userId,
      companyId,
      subjectType: 'asset',
      subjectId: assetId,
      data: { name: 'Site A' },
    });
    // Company A's administrator is an external user: they see the asset through their default access group.
    const [group] = await server.database.db
      .insert(assetAccessGroups)
      .values({ userId: world.adminA.user.userId })
      .returning();
    if (!group) throw new Error('group not created');
    await server.database.db
      .insert(assetAccessGroupAssets)
      .values({ assetAccessGroupId: group.assetAccessGroupId, assetId });
  });
  afterAll(() => server.close());

  const path = (subjectType: string, subjectId: number | string, extra = '') =>
    `/audit/events?subjectType=${subjectType}&subjectId=${subjectId}${extra}`;

  it('lists a company’s events newest first, paged, with the actor’s name', async () => {
    const first = page(
      (await api(server, world.adminA, 'GET', path('company', world.companyA.companyId, '&pageSize=2'))).body,
    );
    expect(first.pageable).toEqual({ totalSize: 3, pageSize: 2, pageNumber: 0 });
    expect(first.content.map((event) => event.data)).toEqual([
      { changes: { name: { from: 'Second', to: 'Third' } } },
      { changes: { name: { from: 'First', to: 'Second' } } },
    ]);
    expect(first.content[0]).toMatchObject({
      name: 'companies.update',
      actorUserId: world.providerAdmin.user.userId,
      actorName: world.providerAdmin.user.name,
      subjectType: 'company',
      subjectId: String(world.companyA.companyId),
    });
    const second = page(
      (
        await api(
          server,
          world.adminA,
          'GET',
          path('company', world.companyA.companyId, '&pageSize=2&pageNumber=1'),
        )
      ).body,
    );
    expect(second.content.map((event) => event.data)).toEqual([
      { changes: { name: { from: 'Northwind Data', to: 'First' } } },
    ]);
  });

  it('lists a user’s events to whoever may read the user', async () => {
    const body = { userId: world.operatorA.user.userId, name: 'Olga', email: world.operatorA.user.email };
    expect((await api(server, world.adminA, 'PUT', '/users.update', body)).status).toBe(200);
    const trail = page(
      (await api(server, world.adminA, 'GET', path('user', world.operatorA.user.userId))).body,
    );
    expect(trail.content.map((event) => [event.name, event.actorName])).toEqual([
      ['users.update', world.adminA.user.name],
    ]);
    expect(
      page((await api(server, world.technician, 'GET', path('user', world.operatorA.user.userId))).body)
        .content,
    ).toHaveLength(1);
  });

  it('lists an asset’s events to whoever sees the asset', async () => {
    const trail = page((await api(server, world.adminA, 'GET', path('asset', assetId))).body);
    expect(trail.content.map((event) => event.name)).toEqual(['assets.update']);
    expect(
      page((await api(server, world.providerAdmin, 'GET', path('asset', assetId))).body).content,
    ).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    expectBadField(await api(server, world.adminA, 'GET', path('ticket', 1)), 'query.subjectType');
    expectBadField(await api(server, world.adminA, 'GET', path('company', 'x')), 'query.subjectId');
    expectBadField(
      await api(server, world.adminA, 'GET', path('company', 1, '&pageSize=500')),
      'query.pageSize',
    );
  });

  it('answers another company’s subjects with 404, and callers without the permission with 403', async () => {
    expectError(await api(server, world.adminB, 'GET', path('company', world.companyA.companyId)), 404);
    expectError(await api(server, world.adminB, 'GET', path('user', world.operatorA.user.userId)), 404);
    expectError(await api(server, world.adminB, 'GET', path('asset', assetId)), 404);
    expectError(await api(server, world.adminB, 'GET', path('asset', 99_999)), 404);
    expectError(await api(server, world.operatorA, 'GET', path('company', world.companyA.companyId)), 403);
    expectError(await api(server, world.operatorA, 'GET', path('user', world.adminA.user.userId)), 403);
  });

  it('keeps an external user to the assets of their access groups, even in their own company', async () => {
    const colleague = await caller(server, world.companyA.companyId, ['Customer Administrator']);
    expectError(await api(server, colleague, 'GET', path('asset', assetId)), 404);
  });
});
