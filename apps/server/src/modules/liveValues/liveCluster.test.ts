import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lastValueSchema } from '@kelvin/contract';
import { apiAs, buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import { connectLive, disconnected } from '../../platform/live/liveTestClient.ts';
import { eventually, redisAvailable, TEST_REDIS_URL } from '../../platform/live/liveTestKit.ts';
import { seedLiveMetrics, startLiveInstance, type LiveInstance } from './liveTestKit.ts';

const withRedis = await redisAvailable();

/** Two server processes sharing one Redis (and one database), as REDIS_URL deploys them. */
describe.runIf(withRedis)('live values across two instances sharing Redis', () => {
  let server: TestServer;
  let a: LiveInstance;
  let b: LiveInstance;
  let fleet: AssetFleet;
  const now = Date.now();
  // A channel and adapter key of this run's own, so that parallel runs on one Redis do not hear each other.
  const run = randomUUID();
  const shared = {
    redisUrl: TEST_REDIS_URL,
    channel: `kelvin-test:${run}:telemetry`,
    redisKey: `kelvin-test:${run}:live`,
  };

  const value = (assetId: number, metricId: number, extra: Partial<IngestedValue> = {}): IngestedValue => ({
    assetId,
    metricId,
    value: 22.5,
    timestamp: now,
    status: 0,
    units: '°C',
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    await seedLiveMetrics(server.database.db, [201, 202]);
    a = await startLiveInstance(server, shared);
    b = await startLiveInstance(server, shared);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  it('delivers a value ingested on A to a subscriber on B, once, and B answers it as the last value', async () => {
    const { unitA1 } = fleet.ids;
    const token = await server.mintIdToken(fleet.users.adminA.identityId);
    const onB = await connectLive(b.url, token);
    const onA = await connectLive(a.url, token);
    try {
      expect((await onB.subscribe([`${unitA1}/201`])).accepted).toEqual([`${unitA1}/201`]);
      expect((await onA.subscribe([`${unitA1}/201`])).accepted).toEqual([`${unitA1}/201`]);

      a.bus.publish([value(unitA1, 201)]);
      await eventually(() => expect(onB.updates).toHaveLength(1));
      expect(onB.updates[0]).toMatchObject({ path: `${unitA1}/201`, value: 22.5, timestamp: now });
      await eventually(() => expect(onA.updates).toHaveLength(1));
      // Each process sends to its own sockets only: no second copy through the adapter.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onB.updates).toHaveLength(1);
      expect(onA.updates).toHaveLength(1);

      const answer = await apiAs({ ...server, url: b.url })(
        fleet.users.adminA,
        'POST',
        '/assets/metrics/lastValue',
        {
          assetIds: [unitA1],
        },
      );
      const body = z.record(z.string(), z.record(z.string(), lastValueSchema)).parse(answer.body);
      expect(body['201']?.[unitA1]).toEqual({
        value: 22.5,
        timestamp: now,
        metadata: { type: 'number', value: 22.5, status: 0, units: '°C', overrideType: 'NONE' },
      });
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('keeps both tables on the newest value whatever process ingests out of order', async () => {
    const { unitA2 } = fleet.ids;
    b.bus.publish([value(unitA2, 201, { value: 2, timestamp: now + 2_000 })]);
    a.bus.publish([value(unitA2, 201, { value: 1, timestamp: now + 1_000 })]);
    await eventually(() => {
      expect(a.table.get(unitA2, 201)?.value).toBe(2);
      expect(b.table.get(unitA2, 201)?.value).toBe(2);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.table.get(unitA2, 201)?.value).toBe(2);
  });

  it('spans the cluster with the adapter: A sees the sockets connected to B', async () => {
    const onB = await connectLive(b.url, await server.mintIdToken(fleet.users.adminA.identityId));
    try {
      await onB.subscribe([`${fleet.ids.unitA1}/202`]);
      const sockets = await a.live.io.of('/live').in(`${fleet.ids.unitA1}/202`).fetchSockets();
      expect(sockets.map((socket) => socket.id)).toEqual([onB.socket.id]);
    } finally {
      onB.close();
    }
  });

  it('closing one instance ends only its own clients', async () => {
    const token = await server.mintIdToken(fleet.users.adminA.identityId);
    const extra = await startLiveInstance(server, shared);
    const onExtra = await connectLive(extra.url, token);
    const onA = await connectLive(a.url, token);
    try {
      const ended = disconnected(onExtra.socket);
      await extra.close();
      expect(await ended).toBe('io server disconnect');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(onA.socket.connected).toBe(true);
    } finally {
      onA.close();
      onExtra.close();
    }
  });
});
