import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetPropertySchema, assetSchema, assetTypePropertySchema, assetTypeSchema } from '@kelvin/contract';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from './assetsTestFixture.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const assetList = z.array(assetSchema);
const ids = (body: unknown) => assetList.parse(body).map((asset) => asset.assetId);

describe.each(kinds)('asset reads on %s', (kind) => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  describe('GET assets', () => {
    it('gives provider staff every company, filtered by company and type', async () => {
      const { users, companyA, ids: a } = fleet;
      const all = await api(users.technician, 'GET', '/assets');
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual(expect.arrayContaining([a.siteA1, a.unitA1, a.unitB]));
      const units = await api(
        users.providerAdmin,
        'GET',
        `/assets?companyIds=${companyA.companyId}&assetTypeIds=4`,
      );
      expect(ids(units.body).sort((x, y) => x - y)).toEqual([a.unitA1, a.unitA2, a.unitA3]);
    });

    it('presents type, building, data hall, split flag and properties in display order', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.providerAdmin, 'GET', `/assets?assetIds=${a.unitA2},${a.splitA1}`);
      const [split, unit] = assetList.parse(answer.body);
      expect(split).toMatchObject({
        assetId: a.splitA1,
        type: 'Split Unit',
        isSplitUnit: true,
        datahallId: a.hallA1,
      });
      expect(unit).toMatchObject({
        assetId: a.unitA2,
        type: 'Unit',
        isSplitUnit: false,
        parentAssetId: a.splitA1,
        buildingId: a.buildingA1,
        datahallId: a.hallA1,
        name: 'AN-SX-01',
      });
      expect(unit?.coverage).toBeUndefined();
    });

    it('limits an external operator to their access group and its descendants', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.operatorA, 'GET', '/assets');
      expect(ids(answer.body).sort((x, y) => x - y)).toEqual([
        a.hallA1,
        a.unitA1,
        a.splitA1,
        a.unitA2,
        a.agentA1,
      ]);
    });

    it('filters other companies silently, even when asked by id', async () => {
      const { users, companyB, ids: a } = fleet;
      expect(ids((await api(users.adminA, 'GET', `/assets?assetIds=${a.unitB},${a.unitA1}`)).body)).toEqual([
        a.unitA1,
      ]);
      expect(ids((await api(users.adminA, 'GET', `/assets?companyIds=${companyB.companyId}`)).body)).toEqual(
        [],
      );
    });

    it('refuses a bad list parameter naming the field, and a caller without assets:read', async () => {
      const bad = await api(fleet.users.adminA, 'GET', '/assets?assetIds=1,x');
      expect(bad.status).toBe(400);
      expect(errorOf(bad).message).toContain('query.assetIds');
      expect((await api(fleet.users.noRolesA, 'GET', '/assets')).status).toBe(403);
    });
  });

  describe('GET assets/{id}', () => {
    it('answers one asset, with empty coverage when asked', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.adminA, 'GET', `/assets/${a.unitA1}?includeCoverage=true`);
      expect(answer.status).toBe(200);
      const asset = assetSchema.parse(answer.body);
      expect(asset.coverage).toEqual({ assetId: a.unitA1, contracts: [], warranties: [] });
      expect(asset.activeCoverage).toEqual({ assetId: a.unitA1, contracts: [], warranties: [] });
      expect(asset.properties.map((p) => p.name)).toEqual(['name', 'model', 'position']);
    });

    it('is a 404 for another company, outside the access group, or missing; 400 for a bad id', async () => {
      const { users, ids: a } = fleet;
      expect((await api(users.adminB, 'GET', `/assets/${a.unitA1}`)).status).toBe(404);
      expect((await api(users.operatorA, 'GET', `/assets/${a.unitA3}`)).status).toBe(404);
      expect((await api(users.adminA, 'GET', '/assets/999999')).status).toBe(404);
      const bad = await api(users.adminA, 'GET', '/assets/0');
      expect(bad.status).toBe(400);
      expect(errorOf(bad).message).toContain('params.id');
      expect((await api(users.adminA, 'GET', `/assets/${a.unitA1}?includeCoverage=yes`)).status).toBe(400);
    });
  });

  describe('types', () => {
    it('lists the spec types and their template properties', async () => {
      const { users } = fleet;
      const types = z.array(assetTypeSchema).parse((await api(users.operatorA, 'GET', '/assets/types')).body);
      expect(types.map((type) => type.assetTypeId)).toEqual([1, 2, 3, 4, 61, 67, 70]);
      const properties = z
        .array(assetTypePropertySchema)
        .parse((await api(users.operatorA, 'GET', '/assets/types/4/properties')).body);
      expect(properties.slice(0, 3).map((p) => p.name)).toEqual(['name', 'model', 'manufacturer']);
      expect(properties.map((p) => p.displayOrder)).toEqual([...properties.keys()]);
    });

    it('refuses callers without assets:read, unknown types and bad ids', async () => {
      const { users } = fleet;
      expect((await api(users.noRolesA, 'GET', '/assets/types')).status).toBe(403);
      expect((await api(users.noRolesA, 'GET', '/assets/types/4/properties')).status).toBe(403);
      expect((await api(users.adminA, 'GET', '/assets/types/5/properties')).status).toBe(404);
      expect(errorOf(await api(users.adminA, 'GET', '/assets/types/x/properties')).message).toContain(
        'params.id',
      );
    });
  });

  describe('children and parents', () => {
    it('lists direct children', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.adminA, 'GET', `/assets/${a.hallA1}/children`);
      expect(ids(answer.body)).toEqual([a.unitA1, a.splitA1, a.agentA1]);
    });

    it('orders parents from the root', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.adminA, 'GET', `/assets/${a.unitA2}/parents`);
      expect(ids(answer.body)).toEqual([a.siteA1, a.buildingA1, a.hallA1, a.splitA1]);
      expect(ids((await api(users.adminA, 'GET', `/assets/${a.siteA1}/parents`)).body)).toEqual([]);
    });

    it("leaves out parents above an external user's access group", async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.operatorA, 'GET', `/assets/${a.unitA2}/parents`);
      expect(ids(answer.body)).toEqual([a.hallA1, a.splitA1]);
    });

    it('is a 404 for another company and a 400 for a bad id', async () => {
      const { users, ids: a } = fleet;
      expect((await api(users.adminB, 'GET', `/assets/${a.hallA1}/children`)).status).toBe(404);
      expect((await api(users.adminB, 'GET', `/assets/${a.unitA2}/parents`)).status).toBe(404);
      expect((await api(users.adminA, 'GET', '/assets/-1/children')).status).toBe(400);
      expect((await api(users.adminA, 'GET', '/assets/abc/parents')).status).toBe(400);
    });
  });

  describe('GET assets/{id}/properties', () => {
    it('answers the properties in display order', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.operatorA, 'GET', `/assets/${a.unitA1}/properties`);
      expect(z.array(assetPropertySchema).parse(answer.body)).toEqual([
        { name: 'name', value: 'AN-CRAH-01', displayOrder: 0 },
        { name: 'model', value: 'CW-400', displayOrder: 1 },
        { name: 'position', value: 'Row A, Position 1', displayOrder: 2 },
      ]);
    });

    it('is a 404 for another company and a 400 for a bad id', async () => {
      const { users, ids: a } = fleet;
      expect((await api(users.adminB, 'GET', `/assets/${a.unitA1}/properties`)).status).toBe(404);
      expect((await api(users.adminB, 'GET', '/assets/1.5/properties')).status).toBe(400);
    });
  });

  describe('assets.listSplitUnits', () => {
    it('lists the split units under the given parents the caller may see', async () => {
      const { users, ids: a } = fleet;
      const answer = await api(users.adminA, 'POST', '/assets.listSplitUnits', {
        parentAssetIds: [a.hallA1, a.hallA2, a.hallB],
      });
      expect(ids(answer.body)).toEqual([a.splitA1]);
      const other = await api(users.adminB, 'POST', '/assets.listSplitUnits', { parentAssetIds: [a.hallA1] });
      expect(ids(other.body)).toEqual([]);
    });

    it('refuses a bad body naming the field', async () => {
      const bad = await api(fleet.users.adminA, 'POST', '/assets.listSplitUnits', { parentAssetIds: ['x'] });
      expect(bad.status).toBe(400);
      expect(errorOf(bad).message).toContain('body.parentAssetIds.0');
    });
  });
});
