import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { createAuthenticator } from '../../http/authenticate.ts';
import { createAgentAuthenticator } from '../../http/authenticateAgent.ts';
import { installErrorHandler } from '../../http/errorHandler.ts';
import { createRouteContext } from '../../http/routeContext.ts';
import { registerAssetsRoutes } from '../../modules/assets/assetsRoutes.ts';
import { registerLiveValuesRoutes } from '../../modules/liveValues/liveValuesRoutes.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { freePort } from '../../testing/testServer.ts';
import type { Db } from '../db/database.ts';
import { metrics } from '../db/schema.ts';
import type { TelemetryBus } from '../events/telemetryBus.ts';
import { publicJwks } from '../identity/signingKeys.ts';
import { isSessionActive } from '../../modules/identity/oidcAdapter.ts';
import { createTokenVerifier, localKeys } from '../identity/tokenVerifier.ts';
import { createLastValueTable, type LastValueTable } from './lastValueTable.ts';
import { lastSeenFromTable } from './lastSeenFromTable.ts';
import { attachLive, type LiveServer } from './liveServer.ts';
import { openTelemetryBus } from './redisTelemetryBus.ts';
import { serviceAvailable } from '../../testing/serviceAvailable.ts';

export const TEST_REDIS_URL = process.env.KELVIN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the test Redis answers (see serviceAvailable: required in CI). */
export function redisAvailable(): Promise<boolean> {
  return serviceAvailable('Redis', TEST_REDIS_URL, async () => {
    const client = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      await client.quit();
    } finally {
      client.disconnect();
    }
  });
}

export interface LiveInstance {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  bus: TelemetryBus;
  table: LastValueTable;
  live: LiveServer;
  close(): Promise<void>;
}

/**
 * One server process's live side, as production wires it (bus → table → lastValue route, online status, live
 * Socket.IO), on its own port and app next to a started test server whose database and identity it shares.
 * createServer readies its app before returning, so routes cannot be added to it; a second app over the same
 * stores is what a second process would be.
 */
export async function startLiveInstance(
  base: TestServer,
  options: { redisUrl?: string; channel?: string; redisKey?: string; sessionCheckMs?: number } = {},
): Promise<LiveInstance> {
  const { config, database, files } = base;
  const verifier = createTokenVerifier({
    issuer: config.identity.issuer,
    audience: config.identity.clientId,
    keys: localKeys(publicJwks(base.signingKeys)),
    sessionActive: (sessionUid) => isSessionActive(database.db, sessionUid),
  });
  const app = Fastify({ logger: false });
  installErrorHandler(app, { spaFallback: false });
  const bus = await openTelemetryBus({
    redisUrl: options.redisUrl,
    logger: app.log,
    ...(options.channel === undefined ? {} : { channel: options.channel }),
  });
  const context = createRouteContext(
    app,
    { db: database.db, config, files, timeseries: base.timeseries, bus },
    { user: createAuthenticator(database.db, verifier), agent: createAgentAuthenticator(database.db) },
  );
  const table = createLastValueTable();
  const detach = table.attach(bus);
  registerLiveValuesRoutes(context, { lastValues: table });
  registerAssetsRoutes(context, { lastSeen: lastSeenFromTable(table) });
  await app.ready();
  const live = await attachLive(app, {
    db: database.db,
    verifier,
    table,
    redisUrl: options.redisUrl,
    ...(options.redisKey === undefined ? {} : { redisKey: options.redisKey }),
    ...(options.sessionCheckMs === undefined ? {} : { sessionCheckMs: options.sessionCheckMs }),
  });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });

  return {
    url: `http://127.0.0.1:${port}`,
    bus,
    table,
    live,
    async close() {
      await live.close();
      detach();
      await bus.close();
      await app.close();
    },
  };
}

/** Resolves on the next turn of the event loop: after the bus's deferred delivery has run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Polls until `check` passes or the time is up; for what crosses Redis, whose delivery time is not ours. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Catalogue metrics with the given ids, for the paths live tests subscribe to (only catalogue metrics are kept). */
export async function seedLiveMetrics(db: Db, metricIds: readonly number[]): Promise<void> {
  await db.insert(metrics).values(
    metricIds.map((metricId) => ({
      metricId,
      alias: `liveTest.metric${metricId}`,
      name: `Live test metric ${metricId}`,
      displayType: 'line',
      valueType: 'number',
      path: `liveTest/metric${metricId}`,
    })),
  );
}
