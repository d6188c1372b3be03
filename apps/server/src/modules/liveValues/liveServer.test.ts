import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePath } from '@kelvin/contract';
import { apiAs, buildAssetFleet, type AssetFleet } from '../assets/assetsTestFixture.ts';
import { buildUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { addAssetToDefaultGroups } from '../access/accessGroupsRepository.ts';
import { oidcPayloads, userRoles, users } from '../../platform/db/schema.ts';
import type { IngestedValue } from '../../platform/events/telemetryBus.ts';
import { SESSION_CLAIM } from '../../platform/identity/tokenVerifier.ts';
import {
  connectLive,
  disconnected,
  LiveRefused,
  type TestLiveClient,
} from '../../platform/live/liveTestClient.ts';
import { eventually, settle } from '../../platform/live/liveTestKit.ts';
import { seedLiveMetrics, startLiveInstance, type LiveInstance } from './liveTestKit.ts';

describe('live metric values over Socket.IO', () => {
  let server: TestServer;
  let instance: LiveInstance;
  let fleet: AssetFleet;
  const clients: TestLiveClient[] = [];
  const now = Date.now();

  const value = (assetId: number, metricId: number, extra: Partial<IngestedValue> = {}): IngestedValue => ({
    assetId,
    metricId,
    value: 20,
    timestamp: now,
    status: 0,
    units: '°C',
    ...extra,
  });
  async function connectAs(user: { identityId: string }, expiresIn: string | number = '10m') {
    const client = await connectLive(instance.url, await server.mintIdToken(user.identityId, { expiresIn }));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer();
    fleet = await buildAssetFleet(server.database.db);
    await seedLiveMetrics(server.database.db, [101, 102, 103]);
    instance = await startLiveInstance(server);
    instance.bus.publish([value(fleet.ids.unitA1, 101, { value: 19.5 })]);
    await settle();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await instance.close();
    await server.close();
  });

  it('subscribes with a valid token, sends the current value at once, then live updates', async () => {
    const { unitA1 } = fleet.ids;
    const client = await connectAs(fleet.users.adminA);
    const ack = await client.subscribe([livePath(unitA1, 101), livePath(unitA1, 102)]);
    expect(ack).toEqual({ accepted: [`${unitA1}/101`, `${unitA1}/102`], refused: [] });
    await eventually(() => expect(client.updates).toHaveLength(1));
    expect(client.updates[0]).toEqual({
      path: `${unitA1}/101`,
      assetId: unitA1,
      metricId: 101,
      value: 19.5,
      timestamp: now,
      status: 0,
      units: '°C',
      overrideType: 'NONE',
    });

    instance.bus.publish([
      value(unitA1, 102, { value: 'COOLING', units: null, timestamp: now + 1, overrideType: 'USER' }),
      value(unitA1, 101, { value: 19.4, timestamp: now - 5_000 }), // older than the table's: not sent
      value(unitA1, 103, { value: 1 }), // not subscribed
    ]);
    await eventually(() => expect(client.updates).toHaveLength(2));
    expect(client.updates[1]).toMatchObject({
      path: `${unitA1}/102`,
      value: 'COOLING',
      units: null,
      overrideType: 'USER',
    });

    await client.unsubscribe([`${unitA1}/102`]);
    instance.bus.publish([value(unitA1, 102, { value: 'IDLE', timestamp: now + 2 })]);
    instance.bus.publish([value(unitA1, 101, { value: 21, timestamp: now + 2 })]);
    await eventually(() => expect(client.updates).toHaveLength(3));
    await settle();
    expect(client.updates.map((update) => update.value)).toEqual([19.5, 'COOLING', 21]);
  });

  it("refuses paths of another company's asset, of assets outside the access group, of unknown metrics, and malformed ones", async () => {
    const { unitA1, unitA3, unitB } = fleet.ids;
    const operator = await connectAs(fleet.users.operatorA);
    const ack = await operator.subscribe([
      `${unitA1}/101`,
      `${unitA1}/999`,
      `${unitA3}/101`,
      `${unitB}/101`,
      '99999/1',
      'x/1',
      7,
    ]);
    expect(ack.accepted).toEqual([`${unitA1}/101`]);
    expect(ack.refused).toEqual([
      { path: 'x/1', reason: 'A live path is {assetId}/{metricId}' },
      { path: '7', reason: 'A live path is {assetId}/{metricId}' },
      { path: `${unitA1}/999`, reason: 'Metric not found.' },
      { path: `${unitA3}/101`, reason: 'Asset not found.' },
      { path: `${unitB}/101`, reason: 'Asset not found.' },
      { path: '99999/1', reason: 'Asset not found.' },
    ]);
    instance.bus.publish([value(unitB, 101, { value: 99, timestamp: now + 10 })]);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(operator.updates.map((update) => update.assetId)).toEqual([unitA1]);

    const other = await connectAs(fleet.users.adminB);
    expect((await other.subscribe([`${unitA1}/101`])).accepted).toEqual([]);
  });

  it('refuses every path to a user without metrics:read', async () => {
    const client = await connectAs(fleet.users.noRolesA);
    const ack = await client.subscribe([`${fleet.ids.unitA1}/101`]);
    expect(ack).toEqual({
      accepted: [],
      refused: [
        { path: `${fleet.ids.unitA1}/101`, reason: 'You need the metrics:read permission to do this.' },
      ],
    });
  });

  it('refuses a payload that is not { paths }', async () => {
    const client = await connectAs(fleet.users.adminA);
    const answer: unknown = await client.socket.timeout(5000).emitWithAck('subscribe', ['1/1']);
    expect(answer).toEqual({ accepted: [], refused: [{ path: '*', reason: 'Send { paths: [...] }.' }] });
  });

  describe('refuses the connection (connect_error)', () => {
    const refusal = async (token: string | undefined) => {
      const error = await connectLive(instance.url, token).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(LiveRefused);
      return error instanceof LiveRefused ? error : undefined;
    };

    it('without a token', async () => {
      const error = await refusal(undefined);
      expect(error?.message).toBe('Authentication required: send an ID token as auth.token.');
      expect(error?.data).toEqual({ code: 'UNAUTHORIZED' });
    });

    it('with an expired token', async () => {
      const expired = await server.mintIdToken(fleet.users.adminA.identityId, {
        expiresIn: Math.floor(Date.now() / 1000) - 60,
      });
      expect((await refusal(expired))?.message).toBe('The token is invalid or has expired.');
    });

    it('with a garbage token, one for another audience, or one of an unknown user', async () => {
      expect((await refusal('not-a-jwt'))?.message).toBe('The token is invalid or has expired.');
      const foreign = await server.mintIdToken(fleet.users.adminA.identityId, { audience: 'elsewhere' });
      expect((await refusal(foreign))?.message).toBe('The token is invalid or has expired.');
      const unknown = await server.mintIdToken('kelvin|nobody');
      expect((await refusal(unknown))?.message).toBe('No active user matches this token.');
    });

    it('on the main namespace', async () => {
      const { io } = await import('socket.io-client');
      const socket = io(instance.url, {
        path: '/live/socket.io',
        transports: ['websocket'],
        reconnection: false,
      });
      const message = await new Promise((resolve) =>
        socket.once('connect_error', (error) => resolve(error.message)),
      );
      socket.disconnect();
      expect(message).toBe('Connect to the /live namespace.');
    });
  });

  it('ends the connection when the token expires', async () => {
    const client = await connectAs(fleet.users.adminA, '2s');
    expect(await disconnected(client.socket)).toBe('io server disconnect');
  });

  it('ends the connection soon after its sign-in session ends, though the token has not expired', async () => {
    const checking = await startLiveInstance(server, { sessionCheckMs: 100 });
    try {
      const token = await server.mintIdToken(fleet.users.adminA.identityId);
      const client = await connectLive(checking.url, token);
      clients.push(client);
      const ended = disconnected(client.socket);
      // Still connected over several checks while the session lasts.
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(client.socket.connected).toBe(true);
      const sessionUid = String(decodeJwt(token)[SESSION_CLAIM]);
      await server.database.db.delete(oidcPayloads).where(eq(oidcPayloads.uid, sessionUid));
      expect(await ended).toBe('io server disconnect');
    } finally {
      await checking.close();
    }
  });

  it('ends the connection of a user deleted while connected, as their next HTTP call would be refused', async () => {
    const checking = await startLiveInstance(server, { sessionCheckMs: 100 });
    try {
      const { db } = server.database;
      const { companyId } = fleet.companyA;
      const user = await buildUser(db, { companyId, roles: ['Customer Administrator'] });
      const client = await connectLive(checking.url, await server.mintIdToken(user.identityId));
      clients.push(client);
      const ended = disconnected(client.socket);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(client.socket.connected).toBe(true);
      await db.update(users).set({ isDeleted: true }).where(eq(users.userId, user.userId));
      expect(await ended).toBe('io server disconnect');
    } finally {
      await checking.close();
    }
  });

  it('applies a role taken away while connected to the next subscribe, as to the next HTTP call', async () => {
    const { db } = server.database;
    const { companyId } = fleet.companyA;
    const operator = await buildUser(db, { companyId, roles: ['Customer Operator'] });
    await addAssetToDefaultGroups(db, fleet.ids.hallA1, [operator.userId]);
    const client = await connectAs(operator);
    const [first, second] = [`${fleet.ids.unitA1}/101`, `${fleet.ids.unitA1}/102`];
    expect((await client.subscribe([first])).accepted).toEqual([first]);
    await db.delete(userRoles).where(eq(userRoles.userId, operator.userId));
    expect(await client.subscribe([second])).toEqual({
      accepted: [],
      refused: [{ path: second, reason: 'You need the metrics:read permission to do this.' }],
    });
  });

  it("tells every connection of the users named, and no one else's, that their notifications changed", async () => {
    const listen = (client: TestLiveClient) => {
      const signals: unknown[] = [];
      client.socket.on('notificationsChanged', (signal: unknown) => signals.push(signal));
      return signals;
    };
    const laptop = listen(await connectAs(fleet.users.adminA));
    const wallScreen = listen(await connectAs(fleet.users.adminA));
    const other = listen(await connectAs(fleet.users.adminB));
    instance.live.notifyUsers([fleet.users.adminA.userId], { unreadCount: 3 });
    await eventually(() => {
      expect(laptop).toEqual([{ unreadCount: 3 }]);
      expect(wallScreen).toEqual([{ unreadCount: 3 }]);
    });
    await settle();
    expect(other).toEqual([]);
  });

  it('leaves the rest of the API to Fastify', async () => {
    const api = apiAs({ ...server, url: instance.url });
    expect(
      (await api(fleet.users.adminA, 'POST', '/assets.getOnlineStatus', [fleet.ids.unitA1])).status,
    ).toBe(200);
  });
});
