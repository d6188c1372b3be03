import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetPropertySchema, assetSchema } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
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

describe.each(kinds)('asset writes on %s', (kind) => {
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

  describe('assets.create', () => {
    it('creates a unit under a data hall, with its name property and an event', async () => {
      const { users, companyA, ids: a } = fleet;
      const answer = await api(users.adminA, 'POST', '/assets.create', {
        companyId: companyA.companyId,
        assetTypeId: ASSET_TYPE.unit,
        parentAssetId: a.hallA1,
        name: 'AN-CRAH-09',
      });
      expect(answer.status).toBe(200);
      const asset = assetSchema.parse(answer.body);
      expect(asset).toMatchObject({
        parentAssetId: a.hallA1,
        datahallId: a.hallA1,
        buildingId: a.buildingA1,
        isMonitored: true,
      });
      expect(asset.properties).toEqual([{ name: 'name', value: 'AN-CRAH-09', displayOrder: 0 }]);
      const [event] = await eventsFor(db(), asset.assetId);
      expect(event).toMatchObject({
        name: 'assets.create',
        actorUserId: users.adminA.userId,
        subjectType: 'asset',
      });
    });

    it('puts a site an external user creates into their access group, so they can see it', async () => {
      const { users, companyA } = fleet;
      const answer = await api(users.adminA, 'POST', '/assets.create', {
        companyId: companyA.companyId,
        assetTypeId: ASSET_TYPE.site,
        parentAssetId: null,
        name: 'Alpha East',
      });
      const site = assetSchema.parse(answer.body);
      expect((await api(users.adminA, 'GET', `/assets/${site.assetId}`)).status).toBe(200);
    });

    it('refuses a wrong parent type, with the rule', async () => {
      const { users, companyA, ids: a } = fleet;
      const body = {
        companyId: companyA.companyId,
        assetTypeId: ASSET_TYPE.unit,
        parentAssetId: a.buildingA1,
      };
      await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', '/assets.create', body),
        400,
        'A unit must be placed under a data hall or a split unit.',
      );
      await expectRefusedUnchanged(
        () =>
          api(users.adminA, 'POST', '/assets.create', {
            ...body,
            assetTypeId: ASSET_TYPE.building,
            parentAssetId: null,
          }),
        400,
        'A building must be placed under a site.',
      );
      await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', '/assets.create', { ...body, assetTypeId: 5 }),
        400,
        'Unknown asset type 5.',
      );
    });

    it('refuses a parent of another company (provider) and an invisible parent (customer)', async () => {
      const { users, companyA, ids: a } = fleet;
      const body = { companyId: companyA.companyId, assetTypeId: ASSET_TYPE.unit, parentAssetId: a.hallB };
      await expectRefusedUnchanged(
        () => api(users.providerAdmin, 'POST', '/assets.create', body),
        400,
        'The parent asset belongs to another company.',
      );
      await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', '/assets.create', body),
        404,
        'Parent asset not found.',
      );
    });

    it('refuses another company, a caller without assets:write, and a bad body', async () => {
      const { users, companyA, companyB, ids: a } = fleet;
      await expectRefusedUnchanged(
        () =>
          api(users.adminA, 'POST', '/assets.create', {
            companyId: companyB.companyId,
            assetTypeId: ASSET_TYPE.site,
            parentAssetId: null,
          }),
        404,
      );
      await expectRefusedUnchanged(
        () =>
          api(users.operatorA, 'POST', '/assets.create', {
            companyId: companyA.companyId,
            assetTypeId: ASSET_TYPE.unit,
            parentAssetId: a.hallA1,
          }),
        403,
      );
      const bad = await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', '/assets.create', { companyId: companyA.companyId, assetTypeId: 4 }),
        400,
      );
      expect(errorOf(bad).message).toContain('body.parentAssetId');
    });
  });

  describe('PUT assets/{id} and assets.update', () => {
    it('updates own fields and keeps the name property in step', async () => {
      const { users, ids: a } = fleet;
      const unit = await newUnit(a.hallA1);
      const put = await api(users.adminA, 'PUT', `/assets/${unit}`, {
        name: 'Renamed',
        isMonitored: false,
        aliasPrefix: 'rn',
      });
      expect(put.status).toBe(200);
      expect(assetSchema.parse(put.body)).toMatchObject({
        name: 'Renamed',
        isMonitored: false,
        aliasPrefix: 'rn',
      });
      const update = await api(users.adminA, 'POST', '/assets.update', {
        assetId: unit,
        metadata: { rack: 'R12' },
      });
      const asset = assetSchema.parse(update.body);
      expect(asset.metadata).toEqual({ rack: 'R12' });
      expect(asset.properties.find((p) => p.name === 'name')?.value).toBe('Renamed');
      expect((await eventsFor(db(), unit)).map((e) => e.name)).toEqual(['assets.update', 'assets.update']);
    });

    it('writes nothing and records no event for an update that changes nothing', async () => {
      const { users, ids: a } = fleet;
      const unit = await newUnit(a.hallA1);
      const put = await api(users.adminA, 'PUT', `/assets/${unit}`, {});
      expect(put.status).toBe(200);
      expect(await eventsFor(db(), unit)).toEqual([]);
    });

    it('refuses metadata over 16 KB with a 400 naming the field', async () => {
      const { users, ids: a } = fleet;
      const put = await api(users.adminA, 'PUT', `/assets/${a.unitA1}`, {
        metadata: { blob: 'x'.repeat(17_000) },
      });
      expect(put.status).toBe(400);
      expect(errorOf(put).message).toContain('body.metadata');
    });

    it('refuses another company with 404, an operator with 403, bad input with 400; nothing changes', async () => {
      const { users, ids: a } = fleet;
      await expectRefusedUnchanged(() => api(users.adminB, 'PUT', `/assets/${a.unitA1}`, { name: 'x' }), 404);
      await expectRefusedUnchanged(
        () => api(users.adminB, 'POST', '/assets.update', { assetId: a.unitA1, name: 'x' }),
        404,
      );
      await expectRefusedUnchanged(
        () => api(users.operatorA, 'PUT', `/assets/${a.unitA1}`, { name: 'x' }),
        403,
      );
      const bad = await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.unitA1}`, { isActive: 'yes' }),
        400,
      );
      expect(errorOf(bad).message).toContain('body.isActive');
      const unknown = await expectRefusedUnchanged(
        () => api(users.adminA, 'POST', '/assets.update', { assetId: a.unitA1, colour: 'red' }),
        400,
      );
      expect(errorOf(unknown).message).toContain('body');
    });
  });

  describe('PUT assets/{id}/properties', () => {
    const propertyList = z.array(assetPropertySchema);

    it('replaces the whole set, ordering by position when no order is given', async () => {
      const { users, ids: a } = fleet;
      const unit = await newUnit(a.hallA1, 'Before');
      const answer = await api(users.adminA, 'PUT', `/assets/${unit}/properties`, [
        { name: 'name', value: 'After' },
        { name: 'serialNumber', value: 'KT19240117' },
      ]);
      expect(answer.status).toBe(200);
      expect(propertyList.parse(answer.body)).toEqual([
        { name: 'name', value: 'After', displayOrder: 0 },
        { name: 'serialNumber', value: 'KT19240117', displayOrder: 1 },
      ]);
      const asset = assetSchema.parse((await api(users.adminA, 'GET', `/assets/${unit}`)).body);
      expect(asset.name).toBe('After');
    });

    it('is atomic: a failing set leaves the old one whole', async () => {
      const { users, ids: a } = fleet;
      const unit = await newUnit(a.hallA1, 'Keep me');
      await expectRefusedUnchanged(
        () =>
          api(users.adminA, 'PUT', `/assets/${unit}/properties`, [
            { name: 'model', value: 'X' },
            { name: 'model', value: 'Y' },
          ]),
        400,
        'Property names must be unique: model.',
      );
      const after = propertyList.parse((await api(users.adminA, 'GET', `/assets/${unit}/properties`)).body);
      expect(after).toEqual([{ name: 'name', value: 'Keep me', displayOrder: 0 }]);
    });

    it('refuses another company (404), an operator (403) and a bad body naming the field (400)', async () => {
      const { users, ids: a } = fleet;
      const list = [{ name: 'model', value: 'X' }];
      await expectRefusedUnchanged(
        () => api(users.adminB, 'PUT', `/assets/${a.unitA1}/properties`, list),
        404,
      );
      await expectRefusedUnchanged(
        () => api(users.operatorA, 'PUT', `/assets/${a.unitA1}/properties`, list),
        403,
      );
      const bad = await expectRefusedUnchanged(
        () => api(users.adminA, 'PUT', `/assets/${a.unitA1}/properties`, [{ name: '', value: 'X' }]),
        400,
      );
      expect(errorOf(bad).message).toContain('body.0.name');
    });
  });
});
