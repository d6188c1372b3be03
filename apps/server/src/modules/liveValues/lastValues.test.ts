import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lastValueSchema, onlineStatusSchema } from '@kelvin/contract';
import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import { settle } from '../../platform/live/liveTestKit.ts';
import { startLiveInstance, type LiveInstance } from './liveTestKit.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { apiAs, buildAssetFleet, errorOf, type AssetFleet } from '../assets/assetsTestFixture.ts';

const answerSchema = z.record(z.string(), z.record(z.string(), lastValueSchema));

describe('POST /api/assets/metrics/lastValue', () => {
  let server: TestServer;
  let instance: LiveInstance;
  let fleet: AssetFleet;
  let api: ReturnType<typeof apiAs>;
  const now = Date.now();

  const value = (assetId: number, metricId: number, extra: Partial<IngestedValue> = {}): IngestedValue => ({
    assetId,
    metricId,
    value: 18.25,
    timestamp: now,
    status: 0,
    units: '°C',
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    instance = await startLiveInstance(server);
    api = apiAs({ ...server, url: instance.url });
    const { unitA1, unitA2, unitB } = fleet.ids;
    instance.bus.publish([
      value(unitA1, 101),
      value(unitA1, 102, { value: 'COOLING', units: null, status: 4 }),
      value(unitA2, 101, { value: 19.5, timestamp: now - 60_000 }),
      value(unitB, 101, { value: 30 }),
    ]);
    await settle();
  });
  afterAll(async () => {
    await instance.close();
    await server.close();
  });

  it('answers the published values keyed by metric id, then asset id', async () => {
    const { unitA1, unitA2 } = fleet.ids;
    const answer = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [unitA1, unitA2],
    });
    expect(answer.status).toBe(200);
    expect(answerSchema.parse(answer.body)).toEqual({
      '101': {
        [unitA1]: {
          value: 18.25,
          timestamp: now,
          metadata: { type: 'number', value: 18.25, status: 0, units: '°C', overrideType: 'NONE' },
        },
        [unitA2]: {
          value: 19.5,
          timestamp: now - 60_000,
          metadata: { type: 'number', value: 19.5, status: 0, units: '°C', overrideType: 'NONE' },
        },
      },
      '102': {
        [unitA1]: {
          value: 'COOLING',
          timestamp: now,
          metadata: { type: 'string', value: 'COOLING', status: 4, units: null, overrideType: 'NONE' },
        },
      },
    });
  });

  it('filters by metric ids and statuses', async () => {
    const { unitA1, unitA2 } = fleet.ids;
    const byMetric = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [unitA1, unitA2],
      metricIds: [102],
    });
    expect(Object.keys(answerSchema.parse(byMetric.body))).toEqual(['102']);
    const byStatus = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [unitA1, unitA2],
      metricStatuses: [0],
    });
    expect(Object.keys(answerSchema.parse(byStatus.body))).toEqual(['101']);
  });

  it("leaves out another company's assets and those outside the caller's access group", async () => {
    const { unitA1, unitA3, unitB } = fleet.ids;
    const other = await api(fleet.users.adminB, 'POST', '/assets/metrics/lastValue', { assetIds: [unitA1] });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({});
    const mixed = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [unitA1, unitB],
    });
    expect(Object.keys(answerSchema.parse(mixed.body)['101'] ?? {})).toEqual([String(unitA1)]);
    instance.bus.publish([value(unitA3, 101)]);
    await settle();
    const operator = await api(fleet.users.operatorA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [unitA1, unitA3],
    });
    expect(Object.keys(answerSchema.parse(operator.body)['101'] ?? {})).toEqual([String(unitA1)]);
    // The provider's staff see every company.
    const provider = await api(fleet.users.technician, 'POST', '/assets/metrics/lastValue', {
      assetIds: [unitB],
    });
    expect(answerSchema.parse(provider.body)['101']).toMatchObject({ [unitB]: { value: 30 } });
  });

  it('refuses a caller without metrics:read with 403', async () => {
    const answer = await api(fleet.users.noRolesA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [fleet.ids.unitA1],
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe('You need the metrics:read permission to do this.');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const empty = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', { assetIds: [] });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).message).toContain('body.assetIds');
    const strings = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [1],
      metricIds: ['101'],
    });
    expect(strings.status).toBe(400);
    expect(errorOf(strings).message).toContain('body.metricIds');
    const extra = await api(fleet.users.adminA, 'POST', '/assets/metrics/lastValue', {
      assetIds: [1],
      metricId: 1,
    });
    expect(extra.status).toBe(400);
  });

  it('refuses a call without a token with 401', async () => {
    const response = await fetch(`${instance.url}/api/assets/metrics/lastValue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assetIds: [1] }),
    });
    expect(response.status).toBe(401);
  });

  it('feeds assets.getOnlineStatus: the newest value of any metric, online within 10 minutes', async () => {
    const { unitA1, unitA2, agentA1, splitA1 } = fleet.ids;
    const hourAgo = now - 3_600_000;
    // An older reading of another metric does not move the asset's last-seen time back.
    instance.bus.publish([
      value(unitA2, 103, { timestamp: hourAgo }),
      value(agentA1, 1, { timestamp: hourAgo }),
    ]);
    await settle();
    const answer = await api(fleet.users.adminA, 'POST', '/assets.getOnlineStatus', [
      unitA1,
      unitA2,
      agentA1,
      splitA1,
    ]);
    const byId = new Map(
      z
        .array(onlineStatusSchema)
        .parse(answer.body)
        .map((row) => [row.assetId, row]),
    );
    expect(byId.get(unitA1)).toEqual({
      assetId: unitA1,
      isOnline: true,
      lastSeenAt: new Date(now).toISOString(),
    });
    expect(byId.get(unitA2)?.lastSeenAt).toBe(new Date(now - 60_000).toISOString());
    expect(byId.get(agentA1)).toEqual({
      assetId: agentA1,
      isOnline: false,
      lastSeenAt: new Date(hourAgo).toISOString(),
    });
    expect(byId.get(splitA1)).toEqual({ assetId: splitA1, isOnline: false, lastSeenAt: null });
  });
});
