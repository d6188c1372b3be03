import type { FastifyRequest } from 'fastify';
import type { Permissions } from '@kelvin/contract';
import type { Db } from '../platform/db/database.ts';
import { TokenRejected, type TokenVerifier } from '../platform/identity/tokenVerifier.ts';
import { loadPermissions } from '../modules/users/permissionsRepository.ts';
import { findActiveUserByIdentityId, type UserRow } from '../modules/users/usersRepository.ts';
import { unauthorized } from './httpError.ts';

/** Who is calling, established once per request before validation and authorization. */
export interface AuthContext {
  user: UserRow;
  permissions: Permissions;
}

export type Authenticator = (request: FastifyRequest) => Promise<AuthContext>;

/**
 * ID token → verified subject → active user → permissions; any refusal is a 401 whose message the caller may show.
 * Every user credential comes down to this: the HTTP bearer token here, the live handshake's `auth.token` in the
 * live values module. `onRejected` hears why the verifier refused a token (the message stays generic).
 */
export async function authenticateToken(
  db: Db,
  verifier: TokenVerifier,
  token: string,
  onRejected?: (reason: string) => void,
): Promise<AuthContext> {
  let subject: string;
  try {
    subject = (await verifier.verify(token)).subject;
  } catch (error) {
    if (error instanceof TokenRejected) {
      onRejected?.(error.message);
      throw unauthorized('The token is invalid or has expired.');
    }
    throw error;
  }

  const user = await findActiveUserByIdentityId(db, subject);
  if (!user) throw unauthorized('No active user matches this token.');
  const permissions = await loadPermissions(db, user.userId, user.companyId);
  return { user, permissions };
}

/** Bearer ID token → verified subject → active user → permissions. Any failure is a 401. */
export function createAuthenticator(db: Db, verifier: TokenVerifier): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const token = match?.[1];
    if (!token) throw unauthorized('Authentication required: send an ID token as a bearer token.');
    return authenticateToken(db, verifier, token, (reason) => request.log.info({ reason }, 'token rejected'));
  };
}
