import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetStateSchema, onlineStatusSchema } from '@kelvin/contract';
import { alerts, problemRuleDefinitions } from '../../platform/db/problemsSchema.ts';
import { assets } from '../../platform/db/schema.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from './assetsTestFixture.ts';
import { isOnline, ONLINE_WINDOW_MS } from './lastSeenSource.ts';
import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import { settle } from '../../platform/live/liveTestKit.ts';

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

  const reading = (assetId: number, timestamp: number): IngestedValue => ({
    assetId,
    metricId: 101,
    value: 18.5,
    timestamp,
    status: 1,
    units: '°C',
  });
  const listStates = async (assetIds: number[]) => {
    const answer = await api(fleet.users.adminA, 'POST', '/assets.state.list', {
      assetIds,
      activeInterval: 'PT10M',
    });
    expect(answer.status).toBe(200);
    return z.array(assetStateSchema).parse(answer.body);
  };

  it('follows monitoring and communication: NO_MONITOR, COMMUNICATION_LOST, else HEALTHY', async () => {
    const { ids: a } = fleet;
    const now = Date.now();
    const silentSince = now - ONLINE_WINDOW_MS - 60_000;
    server.bus.publish([reading(a.unitA1, now), reading(a.unitA3, silentSince)]);
    await settle();
    expect(await listStates([a.unitA1, a.unitA2, a.unitA3, a.mauA])).toEqual([
      { assetId: a.unitA1, health: 'HEALTHY', lastSeenAt: new Date(now).toISOString() },
      // Unmonitored: nothing is expected from it, so its silence is no alarm.
      { assetId: a.unitA2, health: 'NO_MONITOR', lastSeenAt: null },
      { assetId: a.unitA3, health: 'COMMUNICATION_LOST', lastSeenAt: new Date(silentSince).toISOString() },
      // Never heard from at all.
      { assetId: a.mauA, health: 'COMMUNICATION_LOST', lastSeenAt: null },
    ]);
  });

  it('turns HEALTHY again when a silent unit sends', async () => {
    const { ids: a } = fleet;
    const now = Date.now();
    server.bus.publish([reading(a.unitA3, now)]);
    await settle();
    expect(await listStates([a.unitA3])).toEqual([
      { assetId: a.unitA3, health: 'HEALTHY', lastSeenAt: new Date(now).toISOString() },
    ]);
  });

  it('leaves communication out of the health of assets that send nothing of their own', async () => {
    const { ids: a } = fleet;
    const states = await listStates([a.siteA1, a.buildingA1, a.hallA1, a.splitA1, a.agentA1]);
    expect(states.map((state) => state.health)).toEqual([
      'HEALTHY',
      'HEALTHY',
      'HEALTHY',
      'HEALTHY',
      'HEALTHY',
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

  it('takes the worst of the alerts active within the interval, communication lost above all', async () => {
    const { ids: a } = fleet;
    const db = server.database.db;
    const now = Date.now();
    server.bus.publish([reading(a.unitA1, now), reading(a.unitA3, now), reading(a.mauA, now)]);
    await settle();
    const [rule] = await db
      .insert(problemRuleDefinitions)
      .values({
        companyId: fleet.companyA.companyId,
        name: 'Any',
        kind: 'THRESHOLD',
        timeWindow: 'PT5M',
        recoveryDuration: 'PT2M',
        impactLevel: 'CRITICAL',
      })
      .returning();
    const alert = (assetId: number, level: string, type: string, resolvedMinutesAgo: number | null) => ({
      companyId: fleet.companyA.companyId,
      assetId,
      problemRuleDefinitionId: rule?.problemRuleDefinitionId ?? 0,
      type,
      level,
      status: resolvedMinutesAgo === null ? 'ACTIVE' : 'RESOLVED',
      resolvedAt: resolvedMinutesAgo === null ? null : new Date(now - resolvedMinutesAgo * 60_000),
      firstEventAt: new Date(now - 3_600_000),
      lastEventAt: new Date(now - 3_600_000),
      evaluatedAt: new Date(now),
    });
    await db
      .insert(alerts)
      .values([
        alert(a.unitA1, 'WARNING', 'METRIC', null),
        alert(a.unitA1, 'CRITICAL', 'METRIC', 5),
        alert(a.unitA3, 'CRITICAL', 'METRIC', 30),
        alert(a.mauA, 'CRITICAL', 'METRIC', null),
        { ...alert(a.mauA, 'WARNING', 'ASSET_COMMUNICATION_LOST', null), groupingKey: 'silence' },
      ]);
    const states = await listStates([a.unitA1, a.unitA3, a.mauA]);
    // unitA1: a critical alert resolved 5 minutes ago still counts within PT10M; unitA3's, 30 minutes ago, does not.
    expect(states.map((state) => state.health)).toEqual(['CRITICAL', 'HEALTHY', 'COMMUNICATION_LOST']);
    const answer = await api(fleet.users.adminA, 'POST', '/assets.state.list', {
      assetIds: [a.unitA3],
      activeInterval: 'PT1H',
    });
    expect(z.array(assetStateSchema).parse(answer.body)[0]?.health).toBe('CRITICAL');
    await db.delete(alerts);
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
