import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { conflict } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { netsuiteConnections } from '../../platform/db/accountingSchema.ts';
import { createNetsuiteClient, type NetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';
import { refreshAccessToken, type NetsuiteTokens } from '../../platform/netsuite/netsuiteOAuth.ts';
import type { SecretBox } from '../../platform/secrets/secretBox.ts';
import { sandboxIssueServerTokens } from '../netsuiteSandbox/sandboxGrants.ts';

/** Spec'd words for a server call made before anyone connected NetSuite. */
export const NETSUITE_NOT_CONNECTED = 'NetSuite is not connected. Sign in to NetSuite from the Orders page.';

/** NetSuite's refresh tokens last 7 days; the server kept connection is good for as long. */
export const NETSUITE_REFRESH_TOKEN_SECONDS = 7 * 86_400;

/** An access token this close to its end is refreshed first, so that a call does not start on a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

const CONNECTION_ID = 1;
const ACCESS_PURPOSE = 'netsuite_connections.access_token';
const REFRESH_PURPOSE = 'netsuite_connections.refresh_token';

export interface AccountingDeps {
  db: Db;
  config: Pick<Config, 'netsuite'>;
  secrets: SecretBox;
}

interface OpenConnection {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/**
 * Keeps tokens as the server's connection (one row), sealed with the secret box. A refresh answered without a
 * new refresh token keeps the one held (NetSuite's refresh grant does not rotate it).
 */
export async function storeServerConnection(
  deps: AccountingDeps,
  tokens: Pick<NetsuiteTokens, 'accessToken' | 'expiresIn'> & { refreshToken: string },
  authorizedBy: number | null,
  refreshExpiresAt = new Date(Date.now() + NETSUITE_REFRESH_TOKEN_SECONDS * 1000),
): Promise<void> {
  const row = {
    accountId: deps.config.netsuite.accountId,
    accessTokenSealed: deps.secrets.seal(tokens.accessToken, ACCESS_PURPOSE),
    refreshTokenSealed: deps.secrets.seal(tokens.refreshToken, REFRESH_PURPOSE),
    accessExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
    refreshExpiresAt,
    authorizedBy,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(netsuiteConnections)
    .values({ connectionId: CONNECTION_ID, ...row })
    .onConflictDoUpdate({ target: netsuiteConnections.connectionId, set: row });
}

/** Forgets the server's connection (its refresh was refused: NetSuite revoked or expired it). */
export async function dropServerConnection(deps: Pick<AccountingDeps, 'db'>): Promise<void> {
  await deps.db.delete(netsuiteConnections).where(eq(netsuiteConnections.connectionId, CONNECTION_ID));
}

async function readConnection(deps: AccountingDeps): Promise<OpenConnection | undefined> {
  const [row] = await deps.db
    .select()
    .from(netsuiteConnections)
    .where(eq(netsuiteConnections.connectionId, CONNECTION_ID));
  // A connection to another account (the configuration changed since) is no connection to this one.
  if (row === undefined || row.accountId !== deps.config.netsuite.accountId) return undefined;
  return {
    accessToken: deps.secrets.open(row.accessTokenSealed, ACCESS_PURPOSE),
    refreshToken: deps.secrets.open(row.refreshTokenSealed, REFRESH_PURPOSE),
    accessExpiresAt: row.accessExpiresAt,
    refreshExpiresAt: row.refreshExpiresAt,
  };
}

/** In sandbox mode the server connects itself (the sandbox is the server): no one has to sign in first. */
async function connectSandbox(deps: AccountingDeps): Promise<string> {
  const tokens = await sandboxIssueServerTokens(deps.db);
  await storeServerConnection(deps, tokens, null);
  return tokens.accessToken;
}

async function refreshConnection(
  deps: AccountingDeps,
  connection: OpenConnection,
): Promise<string | undefined> {
  try {
    const tokens = await refreshAccessToken(deps.config.netsuite, connection.refreshToken);
    await storeServerConnection(
      deps,
      { ...tokens, refreshToken: tokens.refreshToken ?? connection.refreshToken },
      null,
      tokens.refreshToken === undefined ? connection.refreshExpiresAt : undefined,
    );
    return tokens.accessToken;
  } catch (error) {
    // Refused (400/401): the refresh token is dead, the connection with it. Anything else is passed on as is.
    if (error instanceof NetsuiteError && (error.status === 400 || error.status === 401)) {
      await dropServerConnection(deps);
      return undefined;
    }
    throw error;
  }
}

/** Concurrent calls (per database: tests run several servers in one process) share one token read or refresh. */
const pendingTokens = new WeakMap<Db, Promise<string>>();

async function currentAccessToken(deps: AccountingDeps): Promise<string> {
  const connection = await readConnection(deps);
  const now = Date.now();
  if (connection !== undefined && connection.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > now)
    return connection.accessToken;
  const refreshed =
    connection !== undefined && connection.refreshExpiresAt.getTime() > now
      ? await refreshConnection(deps, connection)
      : undefined;
  if (refreshed !== undefined) return refreshed;
  if (deps.config.netsuite.kind === 'sandbox') return connectSandbox(deps);
  throw conflict(NETSUITE_NOT_CONNECTED);
}

/**
 * The client on the server-kept connection, its token refreshed when expired. Throws a 409 with
 * NETSUITE_NOT_CONNECTED when there is none (a real account nobody has signed in to yet).
 */
export async function serverNetsuiteClient(deps: AccountingDeps): Promise<NetsuiteClient> {
  let pending = pendingTokens.get(deps.db);
  if (pending === undefined) {
    pending = currentAccessToken(deps).finally(() => pendingTokens.delete(deps.db));
    pendingTokens.set(deps.db, pending);
  }
  const accessToken = await pending;
  return createNetsuiteClient({ apiOrigin: deps.config.netsuite.apiOrigin, accessToken });
}

/**
 * Runs `call` on the server's client; when NetSuite refuses the access token (401: revoked before its time) the
 * token is marked expired and the call is made once more on a refreshed one.
 */
export async function withServerNetsuite<T>(
  deps: AccountingDeps,
  call: (client: NetsuiteClient) => Promise<T>,
): Promise<T> {
  try {
    return await call(await serverNetsuiteClient(deps));
  } catch (error) {
    if (!(error instanceof NetsuiteError) || error.status !== 401) throw error;
    await deps.db
      .update(netsuiteConnections)
      .set({ accessExpiresAt: new Date(0) })
      .where(eq(netsuiteConnections.connectionId, CONNECTION_ID));
    return call(await serverNetsuiteClient(deps));
  }
}
