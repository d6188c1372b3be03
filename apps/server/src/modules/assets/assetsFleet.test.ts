import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetStateSchema, fleetAssetSchema } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import { settle } from '../../platform/live/liveTestKit.ts';
import {
  postgresAvailable,
  startTestServer,
  type TestDatabaseKind,
  type TestServer,
} from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, makeAsset, type AssetFleet } from './assetsTestFixture.ts';

const kinds: TestDatabaseKind[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];
const fleetList = z.array(z.strictObject(fleetAssetSchema.shape));
const stateList = z.array(assetStateSchema);
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe.each(kinds)('the overview’s slim calls on %s', (kind) => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  /** A unit of company A with a position and no name property: named by its type and position. */
  let unnamed = 0;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    unnamed = await makeAsset(server.database.db, {
      companyId: fleet.companyA.companyId,
      assetTypeId: ASSET_TYPE.unit,
      parentAssetId: fleet.ids.hallA2,
      name: '',
      properties: { position: '7' },
    });
  });
  afterAll(() => server.close());

  const fleetOf = async (user: { identityId: string }) => {
    const answer = await api(user, 'GET', '/assets/fleet');
    expect(answer.status).toBe(200);
    return fleetList.parse(answer.body);
  };
  const statesOf = async (user: { identityId: string }) => {
    const answer = await api(user, 'POST', '/assets.fleet.state', { activeInterval: 'PT10M' });
    expect(answer.status).toBe(200);
    return stateList.parse(answer.body);
  };

  it('answers each asset with its place and display name only, every company for provider staff', async () => {
    const { users, ids: a } = fleet;
    const all = await fleetOf(users.technician);
    expect(all.map((asset) => asset.assetId)).toEqual(
      expect.arrayContaining([a.siteA1, a.hallA1, a.unitA1, a.mauA, a.unitB]),
    );
    // Exactly the slim fields (the strict schema refuses any other): no properties, metadata or coverage.
    expect(all.find((asset) => asset.assetId === a.unitA2)).toEqual({
      assetId: a.unitA2,
      companyId: fleet.companyA.companyId,
      parentAssetId: a.splitA1,
      assetTypeId: ASSET_TYPE.unit,
      name: 'AN-SX-01',
    });
    // Named as the asset tree names it when the name property is empty: its type and position.
    expect(all.find((asset) => asset.assetId === unnamed)?.name).toBe('Unit 7');
  });

  it('keeps a customer to their company, and an access-group user to their group’s assets', async () => {
    const { users, ids: a } = fleet;
    const adminA = (await fleetOf(users.adminA)).map((asset) => asset.assetId);
    expect(adminA).toContain(a.unitA3);
    expect(adminA).not.toContain(a.unitB);
    expect(adminA).not.toContain(a.siteB);
    const operator = (await fleetOf(users.operatorA)).map((asset) => asset.assetId);
    expect(sorted(operator)).toEqual(sorted([a.hallA1, a.unitA1, a.splitA1, a.unitA2, a.agentA1]));
    const adminB = (await fleetOf(users.adminB)).map((asset) => asset.assetId);
    expect(sorted(adminB)).toEqual(sorted([a.siteB, a.buildingB, a.hallB, a.unitB]));
  });

  it('derives the health of every visible unit as assets.state.list does, units only', async () => {
    const { users, ids: a } = fleet;
    const reading = (assetId: number): IngestedValue => ({
      assetId,
      metricId: 101,
      value: 18.5,
      timestamp: Date.now(),
      status: 1,
      units: '°C',
    });
    server.bus.publish([reading(a.unitA1)]);
    await settle();
    const states = await statesOf(users.adminA);
    expect(sorted(states.map((state) => state.assetId))).toEqual(
      sorted([a.unitA1, a.unitA2, a.unitA3, a.mauA, unnamed]),
    );
    const listed = await api(users.adminA, 'POST', '/assets.state.list', {
      assetIds: states.map((state) => state.assetId),
      activeInterval: 'PT10M',
    });
    expect(states).toEqual(stateList.parse(listed.body));
    expect(states.find((state) => state.assetId === a.unitA1)?.health).toBe('HEALTHY');
    expect(states.find((state) => state.assetId === a.unitA3)?.health).toBe('COMMUNICATION_LOST');

    const operator = await statesOf(users.operatorA);
    expect(sorted(operator.map((state) => state.assetId))).toEqual(sorted([a.unitA1, a.unitA2]));
    expect((await statesOf(users.adminB)).map((state) => state.assetId)).toEqual([a.unitB]);
  });

  it('refuses both to a user without assets:read', async () => {
    const { users } = fleet;
    expect((await api(users.noRolesA, 'GET', '/assets/fleet')).status).toBe(403);
    const state = await api(users.noRolesA, 'POST', '/assets.fleet.state', { activeInterval: 'PT10M' });
    expect(state.status).toBe(403);
  });
});
