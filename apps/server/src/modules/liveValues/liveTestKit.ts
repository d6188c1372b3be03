import Fastify from 'fastify';
import { createAuthenticator } from '../../http/authenticate.ts';
import { createAgentAuthenticator } from '../../http/authenticateAgent.ts';
import { installErrorHandler } from '../../http/errorHandler.ts';
import { createRouteContext } from '../../http/routeContext.ts';
import type { Db } from '../../platform/db/database.ts';
import { metrics } from '../../platform/db/schema.ts';
import type { TelemetryBus } from '../../platform/events/telemetryBus.ts';
import { publicJwks } from '../../platform/identity/signingKeys.ts';
import { createTokenVerifier, localKeys } from '../../platform/identity/tokenVerifier.ts';
import { createLastValueTable, type LastValueTable } from '../../platform/live/lastValueTable.ts';
import { lastSeenFromTable } from '../../platform/live/lastSeenFromTable.ts';
import { attachLive, type LiveServer } from '../../platform/live/liveServer.ts';
import { openTelemetryBus } from '../../platform/live/redisTelemetryBus.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { freePort } from '../../testing/testServer.ts';
import { registerAssetsRoutes } from '../assets/assetsRoutes.ts';
import { isSessionActive } from '../identity/oidcAdapter.ts';
import { createLiveAccessPolicy } from './liveAccessPolicy.ts';
import { registerLiveValuesRoutes } from './liveValuesRoutes.ts';

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
    policy: createLiveAccessPolicy({ db: database.db, verifier }),
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
