import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetSchema, userSchema } from '@kelvin/contract';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { buildUser } from '../../testing/factories.ts';
import {
  apiAs,
  buildAssetFleet,
  errorOf,
  eventsFor,
  expectRefusedUnchanged as refusedUnchanged,
  type ApiAnswer,
  type AssetFleet,
} from '../assets/assetsTestFixture.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const assetIds = (body: unknown) =>
  z
    .array(assetSchema)
    .parse(body)
    .map((asset) => asset.assetId);
const userIds = (body: unknown) =>
  z
    .array(userSchema)
    .parse(body)
    .map((user) => user.userId);

describe.each(kinds)('asset access groups on %s', (kind) => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;
  const ADD = '/assetAccessGroups.addAssetToUsersDefaultAccessGroup';
  const REMOVE = '/assetAccessGroups.deleteAssetFromUsersDefaultAccessGroup';

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const expectRefusedUnchanged = (call: () => Promise<ApiAnswer>, status: number) =>
    refusedUnchanged(db(), call, status);

  describe('assetAccessGroups.users.listAssets', () => {
    it("lists the assets in a user's groups, for themself and for their administrators", async () => {
      const { users, ids: a } = fleet;
      const own = await api(users.operatorA, 'POST', '/assetAccessGroups.users.listAssets', {
        userId: users.operatorA.userId,
      });
      expect(assetIds(own.body)).toEqual([a.hallA1]);
      const byAdmin = await api(users.adminA, 'POST', '/assetAccessGroups.users.listAssets', {
        userId: users.adminA.userId,
      });
      expect(assetIds(byAdmin.body)).toEqual([a.siteA1, a.siteA2, a.mauA]);
      const byProvider = await api(users.technician, 'POST', '/assetAccessGroups.users.listAssets', {
        userId: users.adminB.userId,
      });
      expect(assetIds(byProvider.body)).toEqual([a.siteB]);
    });

    it("refuses another company's user with 404, a caller without users:read with 403, a bad body with 400", async () => {
      const { users } = fleet;
      const path = '/assetAccessGroups.users.listAssets';
      expect((await api(users.adminB, 'POST', path, { userId: users.adminA.userId })).status).toBe(404);
      expect((await api(users.adminA, 'POST', path, { userId: 999999 })).status).toBe(404);
      expect((await api(users.operatorA, 'POST', path, { userId: users.adminA.userId })).status).toBe(403);
      expect(errorOf(await api(users.adminA, 'POST', path, { userId: 'me' })).message).toContain(
        'body.userId',
      );
    });
  });

  describe('assetAccessGroups.assets.listUsers', () => {
    it('lists the users whose groups hold the asset', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.adminA, 'POST', '/assetAccessGroups.assets.listUsers', {
        assetId: a.siteA1,
      });
      expect(userIds(answer.body)).toEqual([users.adminA.userId]);
      expect(JSON.stringify(answer.body)).not.toContain('passwordHash');
    });

    it('refuses a caller who may see the asset but not read users (their emails and phones)', async () => {
      const { users, ids: a } = fleet;
      // The operator's access group holds hall A1: they see the asset, yet may not list who else holds it.
      const answer = await api(users.operatorA, 'POST', '/assetAccessGroups.assets.listUsers', {
        assetId: a.hallA1,
      });
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain('@');
    });

    it('refuses another company with 404 and a bad body with 400', async () => {
      const { users, ids: a } = fleet;
      expect(
        (await api(users.adminB, 'POST', '/assetAccessGroups.assets.listUsers', { assetId: a.siteA1 }))
          .status,
      ).toBe(404);
      expect(
        errorOf(await api(users.adminB, 'POST', '/assetAccessGroups.assets.listUsers', {})).message,
      ).toContain('body.assetId');
    });
  });

  describe('adding and removing an asset', () => {
    it("grants and revokes sight of an asset and its descendants through the user's default group", async () => {
      const { users, companyA, ids: a } = fleet;
      const newcomer = await buildUser(db(), { companyId: companyA.companyId, roles: ['Customer Operator'] });
      expect(assetIds((await api(newcomer, 'GET', '/assets')).body)).toEqual([]);

      const added = await api(users.adminA, 'POST', ADD, {
        assetId: a.siteA2,
        userIds: [newcomer.userId, newcomer.userId],
      });
      expect(added.body).toEqual({ ok: true });
      expect(assetIds((await api(newcomer, 'GET', '/assets')).body)).toEqual([
        a.siteA2,
        a.buildingA2,
        a.hallA2,
        a.unitA3,
      ]);
      // Adding twice changes nothing.
      expect(
        (await api(users.adminA, 'POST', ADD, { assetId: a.siteA2, userIds: [newcomer.userId] })).status,
      ).toBe(200);

      await api(users.adminA, 'POST', REMOVE, { assetId: a.siteA2, userIds: [newcomer.userId] });
      expect(assetIds((await api(newcomer, 'GET', '/assets')).body)).toEqual([]);
      expect((await eventsFor(db(), a.siteA2)).map((event) => event.name)).toEqual([
        'assetAccessGroups.addAsset',
        'assetAccessGroups.addAsset',
        'assetAccessGroups.deleteAsset',
      ]);
    });

    it("lets provider staff be given a customer's asset", async () => {
      const { users, ids: a } = fleet;
      expect(
        (await api(users.providerAdmin, 'POST', ADD, { assetId: a.mauA, userIds: [users.technician.userId] }))
          .status,
      ).toBe(200);
    });

    it('refuses users of another company and unknown users with 400; nothing changes', async () => {
      const { users, ids: a } = fleet;
      const answer = await expectRefusedUnchanged(
        () =>
          api(users.providerAdmin, 'POST', ADD, {
            assetId: a.siteA1,
            userIds: [users.operatorA.userId, users.adminB.userId],
          }),
        400,
      );
      expect(errorOf(answer).message).toBe(`These users cannot hold this asset: ${users.adminB.userId}.`);
      await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', REMOVE, { assetId: a.siteA1, userIds: [999999] }),
        400,
      );
    });

    it('refuses another company (404), an operator (403) and a bad body (400); nothing changes', async () => {
      const { users, ids: a } = fleet;
      await expectRefusedUnchanged(
        () => api(users.adminB, 'POST', ADD, { assetId: a.siteA1, userIds: [users.adminB.userId] }),
        404,
      );
      await expectRefusedUnchanged(
        () => api(users.adminB, 'POST', REMOVE, { assetId: a.siteA1, userIds: [users.adminA.userId] }),
        404,
      );
      await expectRefusedUnchanged(
        () => api(users.operatorA, 'POST', ADD, { assetId: a.hallA1, userIds: [users.operatorA.userId] }),
        403,
      );
      const empty = await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', ADD, { assetId: a.siteA1, userIds: [] }),
        400,
      );
      expect(errorOf(empty).message).toContain('body.userIds');
      const bad = await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', REMOVE, { assetId: 'x', userIds: [1] }),
        400,
      );
      expect(errorOf(bad).message).toContain('body.assetId');
    });
  });
});
