import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetStateSchema, onlineStatusSchema } from '@kelvin/contract';
import { assets } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from './assetsTestFixture.ts';
import { isOnline, ONLINE_WINDOW_MS } from './lastSeenSource.ts';

describe('asset state and online status', () => {
  let server: TestServer;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    api = apiAs(server);
    await server.database.db
      .update(assets)
      .set({ isMonitored: false })
      .where(eq(assets.assetId, fleet.ids.unitA2));
  });
  afterAll(() => server.close());

  it('derives health: NO_MONITOR for unmonitored assets, HEALTHY otherwise; never seen without telemetry', async () => {
    const { users, ids: a } = fleet;
    const answer = await api(users.adminA, 'POST', '/assets.state.list', {
      assetIds: [a.unitA1, a.unitA2],
      activeInterval: 'PT10M',
    });
    expect(answer.status).toBe(200);
    expect(z.array(assetStateSchema).parse(answer.body)).toEqual([
      { assetId: a.unitA1, health: 'HEALTHY', lastSeenAt: null },
      { assetId: a.unitA2, health: 'NO_MONITOR', lastSeenAt: null },
    ]);
  });

  it('leaves out assets of another company and outside the access group', async () => {
    const { users, ids: a } = fleet;
    const answer = await api(users.operatorA, 'POST', '/assets.state.list', {
      assetIds: [a.unitA1, a.unitA3, a.unitB],
      activeInterval: 'PT1H',
    });
    expect(
      z
        .array(assetStateSchema)
        .parse(answer.body)
        .map((state) => state.assetId),
    ).toEqual([a.unitA1]);
    const other = await api(users.adminB, 'POST', '/assets.state.list', {
      assetIds: [a.unitA1],
      activeInterval: 'PT1H',
    });
    expect(other.body).toEqual([]);
  });

  it('refuses an interval that is not an ISO duration, naming the field', async () => {
    const answer = await api(fleet.users.adminA, 'POST', '/assets.state.list', {
      assetIds: [1],
      activeInterval: '10m',
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toContain('body.activeInterval');
    expect(errorOf(answer).message).toContain("Must start with 'P'");
  });

  it('answers the online status of visible assets: offline until telemetry says otherwise', async () => {
    const { users, ids: a } = fleet;
    const answer = await api(users.adminA, 'POST', '/assets.getOnlineStatus', [a.agentA1, a.unitB]);
    expect(z.array(onlineStatusSchema).parse(answer.body)).toEqual([
      { assetId: a.agentA1, isOnline: false, lastSeenAt: null },
    ]);
    expect((await api(users.adminB, 'POST', '/assets.getOnlineStatus', [a.agentA1])).body).toEqual([]);
    expect((await api(users.noRolesA, 'POST', '/assets.getOnlineStatus', [a.agentA1])).status).toBe(403);
  });

  it('refuses a body that is not a list of ids', async () => {
    const answer = await api(fleet.users.adminA, 'POST', '/assets.getOnlineStatus', { assetIds: [1] });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toContain('body');
  });

  it('counts an asset online within the window', () => {
    const now = Date.now();
    expect(isOnline(new Date(now - ONLINE_WINDOW_MS + 1000), now)).toBe(true);
    expect(isOnline(new Date(now - ONLINE_WINDOW_MS - 1000), now)).toBe(false);
    expect(isOnline(undefined, now)).toBe(false);
  });
});
