import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, like, lt, sql } from 'drizzle-orm';
import { NETSUITE_SANDBOX_CLIENT_ID } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { netsuiteSandboxGrants } from '../../platform/db/netsuiteSandboxSchema.ts';
import { invalidLogin, SandboxOAuthError } from './sandboxErrors.ts';

/** NetSuite's lifetimes: authorization codes 10 minutes, access tokens 60 minutes, refresh tokens 7 days. */
export const CODE_TTL_SECONDS = 600;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 86_400;
export const SANDBOX_SCOPE = 'rest_webservices';

type GrantKind = 'CODE' | 'ACCESS' | 'REFRESH';
type GrantRow = typeof netsuiteSandboxGrants.$inferSelect;

/** Who a grant acts for: the sign-in's entity and role at the sandbox account. */
export interface GrantHolder {
  clientId: string;
  entity: string;
  role: string;
}

export interface SandboxTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * A secret is `<family>.<random>`: the family names every grant that descends from one authorization (the code,
 * its tokens, their refreshes), so that a reused code can revoke all of them. The key kept is
 * `<family>:<SHA-256 of the whole secret>`; the family alone opens nothing.
 */
const FAMILY_PATTERN = /^([A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{43}$/;

function newSecret(family: string): string {
  return `${family}.${randomBytes(32).toString('base64url')}`;
}

function newFamily(): string {
  return randomBytes(16).toString('base64url');
}

/** The stored key of a secret, or undefined when the text cannot be one of ours. */
function grantKey(secret: string): string | undefined {
  const family = FAMILY_PATTERN.exec(secret)?.[1];
  if (family === undefined) return undefined;
  return `${family}:${createHash('sha256').update(secret).digest('hex')}`;
}

function familyOf(key: string): string {
  return key.slice(0, key.indexOf(':'));
}

async function storeGrant(
  db: DbOrTx,
  family: string,
  kind: GrantKind,
  holder: GrantHolder,
  ttlSeconds: number,
  redirectUri: string | null = null,
): Promise<string> {
  const secret = newSecret(family);
  const key = grantKey(secret);
  if (key === undefined) throw new Error('A new sandbox secret did not match its own pattern');
  await db.insert(netsuiteSandboxGrants).values({
    secretHash: key,
    kind,
    clientId: holder.clientId,
    redirectUri,
    entity: holder.entity,
    role: holder.role,
    scope: SANDBOX_SCOPE,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return secret;
}

/** A single-use authorization code for the consent just given (10 minutes). */
export async function issueAuthorizationCode(
  db: DbOrTx,
  holder: GrantHolder & { redirectUri: string },
): Promise<string> {
  // Grants long expired are of no use to anyone: each new authorization sweeps them away.
  await db
    .delete(netsuiteSandboxGrants)
    .where(lt(netsuiteSandboxGrants.expiresAt, new Date(Date.now() - 86_400_000)));
  return storeGrant(db, newFamily(), 'CODE', holder, CODE_TTL_SECONDS, holder.redirectUri);
}

async function issueTokenPair(db: DbOrTx, family: string, holder: GrantHolder): Promise<SandboxTokens> {
  const accessToken = await storeGrant(db, family, 'ACCESS', holder, ACCESS_TOKEN_TTL_SECONDS);
  const refreshToken = await storeGrant(db, family, 'REFRESH', holder, REFRESH_TOKEN_TTL_SECONDS);
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

async function revokeFamily(db: DbOrTx, family: string): Promise<void> {
  await db
    .update(netsuiteSandboxGrants)
    .set({ revokedAt: new Date() })
    .where(
      and(like(netsuiteSandboxGrants.secretHash, `${family}:%`), isNull(netsuiteSandboxGrants.revokedAt)),
    );
}

const invalidGrant = (description: string) => new SandboxOAuthError(400, 'invalid_grant', description);

function isLive(row: GrantRow, now = Date.now()): boolean {
  return row.revokedAt === null && row.expiresAt.getTime() > now;
}

/**
 * `grant_type=authorization_code`: the code is consumed whatever happens next; a code presented a second time
 * revokes every token it issued (RFC 6749 section 4.1.2), since one of the two presenters is not the client.
 */
export async function exchangeAuthorizationCode(
  db: DbOrTx,
  request: { clientId: string; code: string; redirectUri: string },
): Promise<SandboxTokens> {
  const key = grantKey(request.code);
  if (key === undefined) throw invalidGrant('The authorization code is invalid.');
  const [consumed] = await db
    .update(netsuiteSandboxGrants)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(netsuiteSandboxGrants.secretHash, key),
        eq(netsuiteSandboxGrants.kind, 'CODE'),
        isNull(netsuiteSandboxGrants.usedAt),
      ),
    )
    .returning();
  if (!consumed) {
    const [used] = await db
      .select({ kind: netsuiteSandboxGrants.kind })
      .from(netsuiteSandboxGrants)
      .where(eq(netsuiteSandboxGrants.secretHash, key));
    if (used?.kind === 'CODE') {
      await revokeFamily(db, familyOf(key));
      throw invalidGrant('The authorization code was already used; the tokens it issued are revoked.');
    }
    throw invalidGrant('The authorization code is invalid.');
  }
  if (consumed.clientId !== request.clientId)
    throw invalidGrant('The authorization code was issued to another client.');
  if (!isLive(consumed)) throw invalidGrant('The authorization code has expired.');
  if (consumed.redirectUri !== request.redirectUri)
    throw invalidGrant('redirect_uri does not match the one of the authorization request.');
  return issueTokenPair(db, familyOf(key), consumed);
}

/** `grant_type=refresh_token`: a new access token; the refresh token stays as it is (NetSuite sends none back). */
export async function refreshAccessToken(
  db: DbOrTx,
  request: { clientId: string; refreshToken: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const key = grantKey(request.refreshToken);
  const [row] =
    key === undefined
      ? []
      : await db
          .select()
          .from(netsuiteSandboxGrants)
          .where(and(eq(netsuiteSandboxGrants.secretHash, key), eq(netsuiteSandboxGrants.kind, 'REFRESH')));
  if (!row || key === undefined || row.clientId !== request.clientId)
    throw invalidGrant('The refresh token is invalid.');
  if (row.revokedAt !== null) throw invalidGrant('The refresh token has been revoked.');
  if (!isLive(row)) throw invalidGrant('The refresh token has expired.');
  const accessToken = await storeGrant(db, familyOf(key), 'ACCESS', row, ACCESS_TOKEN_TTL_SECONDS);
  return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/**
 * Revokes an access or refresh token of this client (RFC 7009). Revoking a refresh token revokes the access
 * tokens issued with it too. An unknown token is not an error: the caller's goal is reached either way.
 */
export async function revokeToken(db: DbOrTx, request: { clientId: string; token: string }): Promise<void> {
  const key = grantKey(request.token);
  if (key === undefined) return;
  const [row] = await db
    .select()
    .from(netsuiteSandboxGrants)
    .where(eq(netsuiteSandboxGrants.secretHash, key));
  if (!row || row.clientId !== request.clientId || row.kind === 'CODE') return;
  if (row.kind === 'REFRESH') await revokeFamily(db, familyOf(key));
  else
    await db
      .update(netsuiteSandboxGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(netsuiteSandboxGrants.secretHash, key), isNull(netsuiteSandboxGrants.revokedAt)));
}

/** The holder of a live access token; anything else (absent, expired, revoked, a refresh token) is INVALID_LOGIN. */
export async function verifyAccessToken(db: DbOrTx, token: string): Promise<GrantHolder> {
  const key = grantKey(token);
  if (key === undefined) throw invalidLogin();
  const [row] = await db
    .select()
    .from(netsuiteSandboxGrants)
    .where(and(eq(netsuiteSandboxGrants.secretHash, key), eq(netsuiteSandboxGrants.kind, 'ACCESS')));
  if (!row || !isLive(row)) throw invalidLogin();
  return { clientId: row.clientId, entity: row.entity, role: row.role };
}

/** The entity and role the server's own connection acts as in sandbox mode (no browser sign-in involved). */
export const SANDBOX_SERVER_HOLDER: GrantHolder = {
  clientId: NETSUITE_SANDBOX_CLIENT_ID,
  entity: '-5',
  role: '3',
};

/**
 * Tokens for the server's own connection in sandbox mode, minted directly: the sandbox is the server itself, so
 * there is no one to sign in at its page. The same grants as the authorization code flow issues.
 */
export async function sandboxIssueServerTokens(db: DbOrTx): Promise<SandboxTokens> {
  return issueTokenPair(db, newFamily(), SANDBOX_SERVER_HOLDER);
}

/**
 * Test hook: makes an access or refresh token expired now (its expiry moved `secondsAgo` into the past), so that
 * tests of session expiry need not wait an hour or a week. Answers whether the token was found.
 */
export async function expireSandboxToken(db: DbOrTx, token: string, secondsAgo = 1): Promise<boolean> {
  const key = grantKey(token);
  if (key === undefined) return false;
  const rows = await db
    .update(netsuiteSandboxGrants)
    .set({ expiresAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(netsuiteSandboxGrants.secretHash, key))
    .returning({ key: netsuiteSandboxGrants.secretHash });
  return rows.length > 0;
}
