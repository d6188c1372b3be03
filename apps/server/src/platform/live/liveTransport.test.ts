import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIVE_UPDATES_EVENT, metricValueStateUpdatesSchema } from '@kelvin/contract';
import { createInProcessTelemetryBus, type IngestedValue } from '../events/telemetryBus.ts';
import { createLastValueTable } from './lastValueTable.ts';
import { LiveConnectionRefused, type LivePolicy, type LiveSession } from './livePolicy.ts';
import { attachLive, type LiveServer } from './liveServer.ts';
import { connectLive, disconnected, LiveRefused, type TestLiveClient } from './liveTestClient.ts';
import { eventually, settle } from './liveTestKit.ts';

/**
 * The transport alone, with a policy written here: whatever the policy decides is what the socket does, and
 * nothing else decides. The real policy (permissions, access groups, catalogue) is tested with the live
 * values module (modules/liveValues/liveServer.test.ts).
 */
interface StubSession extends LiveSession {
  name: string;
}

const handshakeSchema = z.object({ token: z.string() });
// Tokens of this test: "<name>:<userId>", or "crash" (the policy fails); any other one is refused. Sessions of
// names in `signedOut` have ended, those in `failingChecks` cannot be checked.
const signedOut = new Set<string>();
const failingChecks = new Set<string>();
const asked: { name: string; paths: string[] }[] = [];

const stubPolicy: LivePolicy<StubSession> = {
  authenticate(handshakeAuth) {
    const parsed = handshakeSchema.safeParse(handshakeAuth);
    const token = parsed.success ? parsed.data.token : '';
    if (token === 'crash') return Promise.reject(new Error('database down'));
    const [name, userId] = token.split(':');
    if (!name || !userId) return Promise.reject(new LiveConnectionRefused('Stub refuses this token.'));
    return Promise.resolve({ name, userId: Number(userId), expiresAt: Date.now() + 60_000 });
  },
  stillSignedIn(session) {
    if (failingChecks.has(session.name)) return Promise.reject(new Error('identity store down'));
    return Promise.resolve(!signedOut.has(session.name));
  },
  // Allows assets with even ids only, and says so with a reason of its own.
  allowedPaths(session, paths) {
    asked.push({ name: session.name, paths: paths.map((path) => path.path) });
    return Promise.resolve({
      accepted: paths.filter((path) => path.assetId % 2 === 0),
      refused: paths
        .filter((path) => path.assetId % 2 !== 0)
        .map((path) => ({ path: path.path, reason: `Odd asset for ${session.name}.` })),
    });
  },
};

describe('live transport with a policy handed in', () => {
  let app: FastifyInstance;
  let live: LiveServer;
  let url: string;
  const bus = createInProcessTelemetryBus();
  const table = createLastValueTable();
  const detach = table.attach(bus);
  const clients: TestLiveClient[] = [];
  const value = (assetId: number, metricId: number): IngestedValue => ({
    assetId,
    metricId,
    value: 1,
    timestamp: Date.now(),
    status: 0,
    units: null,
  });
  const connect = async (token: string) => {
    const client = await connectLive(url, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.ready();
    live = await attachLive(app, { policy: stubPolicy, table, sessionCheckMs: 50 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address: AddressInfo | string | null = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await live.close();
    await app.close();
    detach();
  });

  it("refuses the handshake with the policy's message, and a policy failure with a retry message", async () => {
    const refused = await connectLive(url, 'nonsense').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LiveRefused);
    expect(refused).toMatchObject({ message: 'Stub refuses this token.', data: { code: 'UNAUTHORIZED' } });
    const failed = await connectLive(url, 'crash').catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'The server could not check the token; try again.' });
  });

  it('asks the policy about well-formed paths only, answers its decision, and sends values of accepted paths', async () => {
    const client = await connect('ada:7');
    asked.length = 0;
    const ack = await client.subscribe(['2/5', '3/5', 'x/5', '2/5']);
    expect(asked).toEqual([{ name: 'ada', paths: ['2/5', '3/5'] }]);
    expect(ack).toEqual({
      accepted: ['2/5'],
      refused: [
        { path: 'x/5', reason: 'A live path is {assetId}/{metricId}' },
        { path: '3/5', reason: 'Odd asset for ada.' },
      ],
    });
    bus.publish([value(3, 5), value(2, 5)]);
    await eventually(() => expect(client.updates.map((update) => update.path)).toEqual(['2/5']));
    await settle();
    expect(client.updates).toHaveLength(1);
  });

  it('sends what one batch brings a connection as one message, holding only its own paths', async () => {
    const [ada, bob] = [await connect('ada:7'), await connect('bob:8')];
    await ada.subscribe(['2/1', '4/1', '6/1']);
    await bob.subscribe(['4/1']);
    const messages: { ada: unknown[]; bob: unknown[] } = { ada: [], bob: [] };
    ada.socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => messages.ada.push(payload));
    bob.socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => messages.bob.push(payload));
    bus.publish([value(2, 1), value(4, 1), value(6, 1), value(8, 1)]);
    await eventually(() => expect(messages.bob).toHaveLength(1));
    await settle();
    const paths = (payloads: unknown[]) =>
      payloads.map((payload) => metricValueStateUpdatesSchema.parse(payload).map((update) => update.path));
    expect(paths(messages.ada)).toEqual([['2/1', '4/1', '6/1']]);
    expect(paths(messages.bob)).toEqual([['4/1']]);
  });

  it('sends a subscription’s current values in one message', async () => {
    bus.publish([value(10, 3), value(12, 3)]);
    const client = await connect('eve:9');
    const messages: unknown[] = [];
    client.socket.on(LIVE_UPDATES_EVENT, (payload: unknown) => messages.push(payload));
    await client.subscribe(['10/3', '12/3', '14/3']);
    await eventually(() => expect(messages).toHaveLength(1));
    await settle();
    expect(metricValueStateUpdatesSchema.parse(messages[0]).map((update) => update.path)).toEqual([
      '10/3',
      '12/3',
    ]);
  });

  it("puts a connection in its session's user room", async () => {
    const client = await connect('bob:42');
    const signals: unknown[] = [];
    client.socket.on('notificationsChanged', (signal: unknown) => signals.push(signal));
    live.notifyUsers([41], { unreadCount: 1 });
    live.notifyUsers([42], { unreadCount: 2 });
    await eventually(() => expect(signals).toEqual([{ unreadCount: 2 }]));
  });

  it('ends the connection when the policy says the session ended, and keeps it while the check fails', async () => {
    const failing = await connect('cy:8');
    const ending = await connect('dee:9');
    failingChecks.add('cy');
    const ended = disconnected(ending.socket);
    signedOut.add('dee');
    expect(await ended).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failing.socket.connected).toBe(true);
  });
});
