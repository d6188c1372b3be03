import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TYPE } from '@kelvin/domain';
import { currentSchema, untilLockWaiters, withLockHolder } from '../../testing/lockWaits.ts';
import { postgresAvailable, startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, makeAsset, type AssetFleet } from './assetsTestFixture.ts';

const withPostgres = await postgresAvailable();

// Row locks only matter with concurrent connections, which PGlite (one connection) never has.
describe.skipIf(!withPostgres)('asset writes under concurrency (PostgreSQL)', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres' });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
  });
  afterAll(() => server.close());

  it('makes a delete wait for a child being added under the asset, then refuse it', async () => {
    const db = server.database.db;
    const hall = await makeAsset(db, {
      companyId: fleet.companyA.companyId,
      assetTypeId: ASSET_TYPE.datahall,
      parentAssetId: fleet.ids.buildingA1,
      name: 'Race Hall',
    });
    const schema = await currentSchema(db);
    // A second connection plays an in-flight assets.create: it holds the parent's share lock, as loadParent does.
    const answer = await withLockHolder(schema, async (creator) => {
      await creator.query('select asset_id from assets where asset_id = $1 for share', [hall]);
      const deletion = api(fleet.users.providerAdmin, 'DELETE', `/assets/${hall}`);
      // The delete must be seen waiting for the creator's lock: one that did not wait would delete the hall
      // before the child exists, and this test would then prove nothing about the lock.
      await untilLockWaiters(db, schema, 1);
      await creator.query(
        `insert into assets (company_id, parent_asset_id, asset_type_id, name) values ($1, $2, $3, 'Race Unit')`,
        [fleet.companyA.companyId, hall, ASSET_TYPE.unit],
      );
      await creator.query('commit');
      return deletion;
    });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toContain('This asset has 1 child asset');
  });
});
