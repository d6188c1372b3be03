import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { buildTelemetryFleet, type TelemetryFleet } from '../modules/telemetry/telemetryTestFixture.ts';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { loadOrCreateSigningKeys } from '../platform/identity/signingKeys.ts';
import { redisAvailable, TEST_REDIS_URL } from '../platform/live/liveTestKit.ts';
import { freePort } from '../platform/net/freePort.ts';
import { serviceAvailable } from '../testing/serviceAvailable.ts';
import { mintTestIdToken, postgresAvailable, TEST_POSTGRES_URL } from '../testing/testServer.ts';
import { haproxyCommand, startCluster, type Cluster } from './cluster.ts';

/** What the cluster's tests need: HAProxy, PostgreSQL and Redis (see serviceAvailable: all required in CI). */
export async function clusterServicesAvailable(): Promise<boolean> {
  const haproxy = await serviceAvailable('HAProxy', haproxyCommand(), () =>
    existsSync(haproxyCommand()) ? Promise.resolve() : Promise.reject(new Error('not installed')),
  );
  return haproxy && (await postgresAvailable()) && (await redisAvailable());
}

export interface TestCluster {
  cluster: Cluster;
  /** The cluster's database, opened by the test too: fixtures before the start, what happened after. */
  database: Database;
  fleet: TelemetryFleet;
  /** The key the processes encrypt stored secrets with (KELVIN_SECRET_KEY), for fixtures that seal one. */
  secretKey: Buffer;
  /** An ID token of the embedded issuer for a user, as sign-in would give (any process verifies it). */
  idToken(user: { identityId: string }, expiresIn?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Two server processes (`src/main.ts` as `npm run start:cluster` starts them) behind HAProxy, on a PostgreSQL
 * database of their own (created here, dropped on close) and the test Redis, with the telemetry fleet written
 * before they start.
 */
export async function startTestCluster(
  env: Record<string, string> = {},
  /** Writes more before the processes start (a bench's fleet), so that no process has cached what it lacks. */
  prepare?: (database: Database, fleet: TelemetryFleet) => Promise<void>,
): Promise<TestCluster> {
  const port = await freePort();
  const databaseName = `kelvin_cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(TEST_POSTGRES_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kelvin-cluster-'));
  const secretKey = randomBytes(32);
  const database = await openDatabase({ url: databaseUrl.toString() });
  const dropDatabase = async () => {
    await database.close();
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const fleet = await buildTelemetryFleet(database.db);
    await prepare?.(database, fleet);
    // Before the processes start, so that they load these keys rather than race to create their own.
    const signingKeys = await loadOrCreateSigningKeys(database.db);
    const cluster = await startCluster({
      processes: 2,
      host: '127.0.0.1',
      port,
      env: {
        // Only what a process needs of the test's environment: none of its stores or settings reach them.
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: TEST_REDIS_URL,
        KELVIN_DATA_DIR: dataDir,
        KELVIN_WEB_DIST: path.join(dataDir, 'no-web-build'),
        KELVIN_SEED_DEMO: 'false',
        KELVIN_SIMULATOR: 'false',
        KELVIN_SECRET_KEY: secretKey.toString('base64'),
        KELVIN_WEBHOOK_ALLOW_NETWORKS: '127.0.0.1/32',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    // The processes' issuer: the cluster's public origin (cluster.ts), from HAProxy's port.
    const config = loadConfig({ PORT: String(port) });
    return {
      cluster,
      database,
      fleet,
      secretKey,
      idToken: (user, expiresIn = '30m') =>
        mintTestIdToken({ db: database.db, config, signingKeys }, user.identityId, { expiresIn }),
      close: async () => {
        await cluster.stop();
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}

/** Calls `send` until each of the cluster's processes has answered once (round robin: a few calls); answers by name. */
export async function answersFromEachProcess(
  names: readonly string[],
  send: () => Promise<Response>,
): Promise<Map<string, Response>> {
  const answers = new Map<string, Response>();
  for (let call = 0; answers.size < names.length; call++) {
    if (call >= names.length * 10) throw new Error(`only ${[...answers.keys()].join(', ')} answered`);
    const response = await send();
    const name = response.headers.get('x-kelvin-process') ?? '(no x-kelvin-process header)';
    if (answers.has(name)) await response.body?.cancel();
    else answers.set(name, response);
  }
  return answers;
}
