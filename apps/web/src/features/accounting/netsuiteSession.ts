import { ACCOUNTING_REFRESH_WINDOW_SECONDS, type NetsuiteSessionTokens } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { z } from 'zod';
import { apiCall } from '../../shared/api/index.ts';

/** Spec 3, Accounting: the session kept in the browser (epoch milliseconds for the two dates). */
export const netsuiteStoredSessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expireDate: z.number(),
  refreshExpireDate: z.number(),
});
export type NetsuiteStoredSession = z.infer<typeof netsuiteStoredSessionSchema>;

export const NETSUITE_SESSION_KEY = 'kelvin.netsuiteSession';
/** The authorization started with a state: where to go back to, and the redirect address NetSuite was given. */
const RETURN_KEY_PREFIX = 'kelvin.netsuiteReturn.';
/** The web app's accounting return route. */
export const NETSUITE_RETURN_PATH = '/user/netsuite';
/** An access token this close to its end is refreshed before use, so that a call does not start on a dying one. */
const EXPIRY_MARGIN_MS = 30_000;

const pendingReturnSchema = z.object({ returnTo: z.string(), redirectUri: z.string() });

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readNetsuiteSession(): NetsuiteStoredSession | null {
  const parsed = netsuiteStoredSessionSchema.safeParse(parseJson(localStorage.getItem(NETSUITE_SESSION_KEY)));
  return parsed.success ? parsed.data : null;
}

/** Keeps tokens as the session: the access token for expiresIn seconds, refreshable for the 10800 s window. */
export function saveNetsuiteSession(tokens: NetsuiteSessionTokens, now = Date.now()): NetsuiteStoredSession {
  const session: NetsuiteStoredSession = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expireDate: now + tokens.expiresIn * 1000,
    refreshExpireDate: now + ACCOUNTING_REFRESH_WINDOW_SECONDS * 1000,
  };
  localStorage.setItem(NETSUITE_SESSION_KEY, JSON.stringify(session));
  return session;
}

export function clearNetsuiteSession(): void {
  localStorage.removeItem(NETSUITE_SESSION_KEY);
}

let pendingRefresh: Promise<string | null> | undefined;

async function refreshNetsuiteSession(session: NetsuiteStoredSession): Promise<string | null> {
  try {
    const tokens = await apiCall(contract.netsuiteAccessTokenRefresh, {
      body: { refreshToken: session.refreshToken },
    });
    return saveNetsuiteSession(tokens).accessToken;
  } catch {
    // Spec 4 and 8: a failed refresh clears the stored session; the next action signs in again.
    clearNetsuiteSession();
    return null;
  }
}

/**
 * A valid access token of the browser's session: the stored one while it lasts, else one refreshed with the
 * refresh token (inside the refresh window); null when there is no session or it could not be refreshed (it is
 * then cleared). Concurrent callers share one refresh.
 */
export async function netsuiteAccessToken(now = Date.now()): Promise<string | null> {
  const session = readNetsuiteSession();
  if (session === null) return null;
  if (session.expireDate - EXPIRY_MARGIN_MS > now) return session.accessToken;
  if (session.refreshExpireDate <= now) {
    clearNetsuiteSession();
    return null;
  }
  pendingRefresh ??= refreshNetsuiteSession(session).finally(() => {
    pendingRefresh = undefined;
  });
  return pendingRefresh;
}

/** Only a path of this app is gone back to: never another site (an open redirect through the state). */
export function safeReturnPath(returnTo: string | null | undefined, fallback = '/user/orders'): string {
  if (returnTo === null || returnTo === undefined) return fallback;
  return returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.includes('\\')
    ? returnTo
    : fallback;
}

/**
 * Spec 4: asks the server for the authorization page's address with a fresh state, keeps where to come back to
 * under that state, and sends the browser there.
 */
export async function startNetsuiteAuthorization(
  returnTo: string,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const started = await apiCall(contract.netsuiteAuthorizationStart, { body: {} });
  sessionStorage.setItem(
    `${RETURN_KEY_PREFIX}${started.state}`,
    JSON.stringify({ returnTo: safeReturnPath(returnTo), redirectUri: started.redirectUri }),
  );
  go(started.authorizationUrl);
}

/**
 * The authorization return: exchanges the code with its state (the server checks the state once), keeps the
 * session, and answers where to go back to.
 */
export async function finishNetsuiteAuthorization({
  code,
  state,
}: {
  code: string;
  state: string;
}): Promise<{ returnTo: string }> {
  const key = `${RETURN_KEY_PREFIX}${state}`;
  const pending = pendingReturnSchema.safeParse(parseJson(sessionStorage.getItem(key)));
  sessionStorage.removeItem(key);
  const redirectUri = pending.success
    ? pending.data.redirectUri
    : `${window.location.origin}${NETSUITE_RETURN_PATH}`;
  const tokens = await apiCall(contract.netsuiteAccessTokenGet, { body: { code, state, redirectUri } });
  saveNetsuiteSession(tokens);
  return { returnTo: safeReturnPath(pending.success ? pending.data.returnTo : undefined) };
}

/** Where the authorization that carried this state meant to go back to (kept until it is finished). */
export function pendingReturnPath(state: string | null): string | undefined {
  if (state === null) return undefined;
  const pending = pendingReturnSchema.safeParse(
    parseJson(sessionStorage.getItem(`${RETURN_KEY_PREFIX}${state}`)),
  );
  return pending.success ? pending.data.returnTo : undefined;
}
