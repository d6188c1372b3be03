import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK } from 'jose';
import { loadConfig, type Config } from '../config.ts';
import { OidcPayloadAdapter } from '../modules/identity/oidcAdapter.ts';
import { openDatabase, type Database, type Db } from '../platform/db/database.ts';
import type { PrivateSigningJwk } from '../platform/identity/signingKeys.ts';
import { SESSION_CLAIM } from '../platform/identity/tokenVerifier.ts';
import { openTimeSeriesStore } from '../platform/timeseries/openTimeSeriesStore.ts';
import type { TimeSeriesStore } from '../platform/timeseries/timeSeriesStore.ts';
import { createServer, type Server } from '../server.ts';
import { freePort } from '../platform/net/freePort.ts';
import { migratedPgliteTemplate } from './pgliteTemplate.ts';
import { serviceAvailable } from './serviceAvailable.ts';

export { freePort };

export type TestDatabaseKind = 'pglite' | 'postgres';

export const TEST_POSTGRES_URL =
  process.env.KELVIN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether PostgreSQL answers (see serviceAvailable: required in CI). */
export function postgresAvailable(): Promise<boolean> {
  return serviceAvailable('PostgreSQL', TEST_POSTGRES_URL, async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.end();
  });
}

/** A fresh database: in-memory PGlite, or a schema of its own in the test PostgreSQL. */
export async function openTestDatabase(kind: TestDatabaseKind = 'pglite'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ pgliteTemplate: await migratedPgliteTemplate() });
  const schemaName = `kelvin_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  return openDatabase({ url: TEST_POSTGRES_URL, schemaName });
}

export interface TestServer extends Server {
  /** e.g. http://localhost:41234 */
  url: string;
  /** Signs an ID token with the embedded issuer's key, in a provider session of its own, as sign-in would. */
  mintIdToken(subject: string, options?: { expiresIn?: string | number; audience?: string }): Promise<string>;
}

/** Starts the real server on a free port with its own database. Close it in afterAll. */
export async function startTestServer(
  options: {
    database?: TestDatabaseKind;
    env?: Record<string, string>;
    /** Stores opened by the test (e.g. on files, to restart a server on them); closed with the server. */
    stores?: { database: Database; timeseries: TimeSeriesStore };
  } = {},
): Promise<TestServer> {
  const port = await freePort();
  const config: Config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    KELVIN_DATA_DIR: '.tmp/test-data',
    LOG_LEVEL: 'silent',
    KELVIN_WEB_DIST: process.env.KELVIN_WEB_DIST ?? '.tmp/no-web-build',
    // Route tests drive evaluation themselves (or not at all); the e2e console turns it on.
    KELVIN_PROBLEMS_EVALUATE: 'false',
    // Ticket notices likewise: tests that want them run the notifier (server.ticketNotifier) themselves.
    KELVIN_TICKET_NOTICES_MS: '0',
    ...options.env,
  });
  const database = options.stores?.database ?? (await openTestDatabase(options.database));
  // In-memory DuckDB: each test server has its own time series, gone when it closes.
  const timeseries = options.stores?.timeseries ?? (await openTimeSeriesStore({}));
  const server = await createServer(config, { database, timeseries });
  await server.app.listen({ port, host: '127.0.0.1' });
  const url = `http://localhost:${port}`;

  return {
    ...server,
    url,
    mintIdToken: (subject, tokenOptions = {}) =>
      mintTestIdToken({ db: database.db, config, signingKeys: server.signingKeys }, subject, tokenOptions),
  };
}

/**
 * Signs an ID token with the embedded issuer's key, in a provider session of its own stored in `db`, as sign-in
 * would: also for a server in another process (the crash test), which verifies it against the same database.
 */
export async function mintTestIdToken(
  issuer: { db: Db; config: Config; signingKeys: readonly PrivateSigningJwk[] },
  subject: string,
  options: { expiresIn?: string | number; audience?: string } = {},
): Promise<string> {
  const jwk = issuer.signingKeys[0];
  if (!jwk) throw new Error('No embedded signing key: is the identity external?');
  const key = await importJWK(jwk, 'ES256');
  const sessionUid = randomUUID();
  await new OidcPayloadAdapter(issuer.db, 'Session').upsert(
    randomUUID(),
    { uid: sessionUid, accountId: subject },
    3600,
  );
  return new SignJWT({ email: `${subject}@example.test`, [SESSION_CLAIM]: sessionUid })
    .setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
    .setSubject(subject)
    .setIssuer(issuer.config.identity.issuer)
    .setAudience(options.audience ?? issuer.config.identity.clientId)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key);
}
