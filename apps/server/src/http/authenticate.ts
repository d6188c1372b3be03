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

/** Bearer ID token → verified subject → active user → permissions. Any failure is a 401. */
export function createAuthenticator(db: Db, verifier: TokenVerifier): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const token = match?.[1];
    if (!token) throw unauthorized('Authentication required: send an ID token as a bearer token.');

    let subject: string;
    try {
      subject = (await verifier.verify(token)).subject;
    } catch (error) {
      if (error instanceof TokenRejected) {
        request.log.info({ reason: error.message }, 'token rejected');
        throw unauthorized('The token is invalid or has expired.');
      }
      throw error;
    }

    const user = await findActiveUserByIdentityId(db, subject);
    if (!user) throw unauthorized('No active user matches this token.');
    const permissions = await loadPermissions(db, user.userId, user.companyId);
    return { user, permissions };
  };
}
