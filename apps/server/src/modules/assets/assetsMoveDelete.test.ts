import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetSchema } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { assetAccessGroupAssets, assets } from '../../platform/db/schema.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import {
  apiAs,
  buildAssetFleet,
  errorOf,
  eventsFor,
  makeAsset,
  expectRefusedUnchanged as refusedUnchanged,
  type ApiAnswer,
  type AssetFleet,
} from './assetsTestFixture.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(kinds)('asset moves and deletes on %s', (kind) => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  const expectRefusedUnchanged = (call: () => Promise<ApiAnswer>, status: number, message?: string) =>
    refusedUnchanged(db(), call, status, message);

  const newUnit = (parentAssetId: number, name = `U-${Math.random().toString(36).slice(2, 7)}`) =>
    makeAsset(db(), {
      companyId: fleet.companyA.companyId,
      assetTypeId: ASSET_TYPE.unit,
      parentAssetId,
      name,
    });

  describe('PUT assets/{id}/move', () => {
    it('moves a unit into a split unit and back, recording each move', async () => {
      const { users, ids: a } = fleet;
      const unit = await newUnit(a.hallA1);
      const moved = await api(users.adminA, 'PUT', `/assets/${unit}/move`, { parentAssetId: a.splitA1 });
      expect(moved.status).toBe(200);
      expect(assetSchema.parse(moved.body)).toMatchObject({ parentAssetId: a.splitA1, datahallId: a.hallA1 });
      await api(users.adminA, 'PUT', `/assets/${unit}/move`, { parentAssetId: a.hallA2 });
      const [row] = await db().select().from(assets).where(eq(assets.assetId, unit));
      expect(row?.parentAssetId).toBe(a.hallA2);
      expect((await eventsFor(db(), unit)).map((e) => e.data)).toEqual([
        { from: a.hallA1, to: a.splitA1 },
        { from: a.splitA1, to: a.hallA2 },
      ]);
    });

    it('refuses moves that break the hierarchy', async () => {
      const { users, ids: a } = fleet;
      await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.unitA1}/move`, { parentAssetId: a.buildingA1 }),
        400,
        'A unit must be placed under a data hall or a split unit.',
      );
      await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.hallA1}/move`, { parentAssetId: null }),
        400,
        'A data hall must be placed under a building.',
      );
    });

    it('refuses a move under the asset itself or its descendants', async () => {
      const { users, ids: a } = fleet;
      const message = 'An asset cannot be moved under itself or one of its descendants.';
      await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.hallA1}/move`, { parentAssetId: a.hallA1 }),
        400,
        message,
      );
      await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.buildingA1}/move`, { parentAssetId: a.unitA2 }),
        400,
        message,
      );
    });

    it('refuses crossing companies (provider) and invisible parents (customer)', async () => {
      const { users, ids: a } = fleet;
      await expectRefusedUnchanged(
        () => api(users.providerAdmin, 'PUT', `/assets/${a.unitA1}/move`, { parentAssetId: a.hallB }),
        400,
        'An asset cannot be moved to another company.',
      );
      await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.unitA1}/move`, { parentAssetId: a.hallB }),
        404,
      );
    });

    it('refuses another company with 404 and a bad body with 400', async () => {
      const { users, ids: a } = fleet;
      await expectRefusedUnchanged(
        () => api(users.adminB, 'PUT', `/assets/${a.unitA1}/move`, { parentAssetId: a.hallB }),
        404,
      );
      const bad = await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.unitA1}/move`, {}),
        400,
      );
      expect(errorOf(bad).message).toContain('body.parentAssetId');
    });
  });

  describe('DELETE assets/{id}', () => {
    it('soft-deletes an asset without children and takes it out of access groups', async () => {
      const { users, companyA } = fleet;
      const site = await makeAsset(db(), {
        companyId: companyA.companyId,
        assetTypeId: 1,
        parentAssetId: null,
        name: 'Doomed',
      });
      await api(users.providerAdmin, 'POST', '/assetAccessGroups.addAssetToUsersDefaultAccessGroup', {
        assetId: site,
        userIds: [users.adminA.userId],
      });
      const answer = await api(users.adminA, 'DELETE', `/assets/${site}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      const [row] = await db().select().from(assets).where(eq(assets.assetId, site));
      expect(row?.isDeleted).toBe(true);
      expect(
        await db().select().from(assetAccessGroupAssets).where(eq(assetAccessGroupAssets.assetId, site)),
      ).toEqual([]);
      expect((await api(users.adminA, 'GET', `/assets/${site}`)).status).toBe(404);
      const withDeleted = await api(
        users.providerAdmin,
        'GET',
        `/assets?assetIds=${site}&includeDeleted=true`,
      );
      expect(z.array(assetSchema).parse(withDeleted.body)).toMatchObject([
        { assetId: site, isDeleted: true },
      ]);
      expect((await api(users.providerAdmin, 'GET', `/assets?assetIds=${site}`)).body).toEqual([]);
      expect((await eventsFor(db(), site)).at(-1)?.name).toBe('assets.delete');
    });

    it('refuses an asset with children and deletes nothing', async () => {
      const { users, companyA, ids: a } = fleet;
      await expectRefusedUnchanged(
        () => api(users.adminA, 'DELETE', `/assets/${a.buildingA2}`),
        409,
        'This asset has 1 child asset: move or delete them first.',
      );
      const hall = await makeAsset(db(), {
        companyId: companyA.companyId,
        assetTypeId: 3,
        parentAssetId: a.buildingA2,
        name: 'H',
      });
      await newUnit(hall);
      await newUnit(hall);
      await expectRefusedUnchanged(
        () => api(users.adminA, 'DELETE', `/assets/${hall}`),
        409,
        'This asset has 2 child assets: move or delete them first.',
      );
    });

    it('refuses another company (404), an operator (403), a bad id (400)', async () => {
      const { users, ids: a } = fleet;
      await expectRefusedUnchanged(() => api(users.adminB, 'DELETE', `/assets/${a.unitA1}`), 404);
      await expectRefusedUnchanged(() => api(users.operatorA, 'DELETE', `/assets/${a.unitA1}`), 403);
      await expectRefusedUnchanged(() => api(users.adminA, 'DELETE', '/assets/zero'), 400);
    });
  });
});
