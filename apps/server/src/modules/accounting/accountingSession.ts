import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import {
  NETSUITE_AUTH_STATE_SECONDS,
  type BodyOf,
  type NetsuiteSessionTokens,
  type OutputOf,
  type contract,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { badField, HttpError } from '../../http/httpError.ts';
import { netsuiteAuthStates } from '../../platform/db/accountingSchema.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';
import { authorizationUrl, exchangeCode, refreshAccessToken } from '../../platform/netsuite/netsuiteOAuth.ts';
import { storeServerConnection, type AccountingDeps } from './accountingConnection.ts';
import { asNetsuiteFailure } from './netsuiteFailure.ts';

/** Where NetSuite sends the browser back: the web app's accounting return route. */
export const NETSUITE_RETURN_PATH = '/user/netsuite';

export const STATE_REFUSED =
  'This NetSuite sign-in cannot be finished: its state is unknown, already used, expired or not yours. Start the sign-in again.';

export function netsuiteRedirectUri(publicOrigin: string): string {
  return `${publicOrigin}${NETSUITE_RETURN_PATH}`;
}

type SessionDeps = AccountingDeps & { publicOrigin: string };

/** A random state bound to the caller for 10 minutes, and the authorization page's address carrying it. */
export async function startAuthorization(
  deps: SessionDeps,
  auth: AuthContext,
): Promise<OutputOf<typeof contract.netsuiteAuthorizationStart>> {
  requirePermission(auth, 'netsuite:manage');
  const now = Date.now();
  // States nobody came back with are of no use: each start sweeps the expired ones.
  await deps.db.delete(netsuiteAuthStates).where(lt(netsuiteAuthStates.expiresAt, new Date(now)));
  const state = randomBytes(32).toString('base64url');
  const redirectUri = netsuiteRedirectUri(deps.publicOrigin);
  const expiresAt = new Date(now + NETSUITE_AUTH_STATE_SECONDS * 1000);
  await deps.db
    .insert(netsuiteAuthStates)
    .values({ state, userId: auth.user.userId, redirectUri, expiresAt });
  return {
    authorizationUrl: authorizationUrl(deps.config.netsuite, { redirectUri, state }),
    state,
    redirectUri,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The authorization return: the state is taken (deleted) in the same statement that checks it is the caller's,
 * so it works once; then the code is exchanged, the tokens kept sealed as the server's connection, and the
 * browser gets its session.
 */
export async function exchangeAuthorizationCode(
  deps: SessionDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.netsuiteAccessTokenGet>,
): Promise<NetsuiteSessionTokens> {
  requirePermission(auth, 'netsuite:manage');
  const [taken] = await deps.db
    .delete(netsuiteAuthStates)
    .where(and(eq(netsuiteAuthStates.state, body.state), eq(netsuiteAuthStates.userId, auth.user.userId)))
    .returning();
  if (taken === undefined || taken.expiresAt.getTime() <= Date.now())
    throw badField('body.state', STATE_REFUSED);
  if (taken.redirectUri !== body.redirectUri)
    throw badField(
      'body.redirectUri',
      'The redirect address is not the one this sign-in started with. Start the sign-in again.',
    );
  let tokens;
  try {
    tokens = await exchangeCode(deps.config.netsuite, { code: body.code, redirectUri: body.redirectUri });
  } catch (error) {
    if (error instanceof NetsuiteError && error.status >= 400 && error.status < 500)
      throw badField('body.code', `NetSuite refused the sign-in: ${error.message} Start the sign-in again.`);
    throw asNetsuiteFailure(error);
  }
  const refreshToken = tokens.refreshToken;
  if (refreshToken === undefined)
    throw new HttpError(502, 'UNAVAILABLE', 'NetSuite answered the sign-in without a refresh token.');
  await storeServerConnection(deps, { ...tokens, refreshToken }, auth.user.userId);
  return { accessToken: tokens.accessToken, refreshToken, expiresIn: tokens.expiresIn };
}

/** A new access token for the browser's refresh token; NetSuite keeps the refresh token, so it is handed back. */
export async function refreshSession(
  deps: SessionDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.netsuiteAccessTokenRefresh>,
): Promise<NetsuiteSessionTokens> {
  requirePermission(auth, 'netsuite:manage');
  try {
    const tokens = await refreshAccessToken(deps.config.netsuite, body.refreshToken);
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? body.refreshToken,
      expiresIn: tokens.expiresIn,
    };
  } catch (error) {
    if (error instanceof NetsuiteError && error.status >= 400 && error.status < 500)
      throw badField(
        'body.refreshToken',
        `NetSuite refused the session's refresh: ${error.message} Sign in to NetSuite again.`,
      );
    throw asNetsuiteFailure(error);
  }
}
