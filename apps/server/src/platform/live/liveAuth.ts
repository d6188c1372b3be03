import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import { loadPermissions } from '../../modules/users/permissionsRepository.ts';
import { findActiveUserByIdentityId } from '../../modules/users/usersRepository.ts';
import type { Db } from '../db/database.ts';
import { TokenRejected, type TokenVerifier } from '../identity/tokenVerifier.ts';

/** Who is on a live connection, and until when their token lets them stay. */
export interface LiveSession {
  auth: AuthContext;
  /** Epoch milliseconds of the token's expiry. */
  expiresAt: number;
  /** Checked again while connected: a sign-out ends the connection before the token expires. */
  token: string;
}

/**
 * Refused handshake. Socket.IO hands `message` and `data` to the client's `connect_error` listener, so the
 * client can tell a refused token (sign in again) from a network failure (retry).
 */
export class LiveConnectionRefused extends Error {
  readonly data: { code: 'UNAUTHORIZED' };
  constructor(message: string) {
    super(message);
    this.name = 'LiveConnectionRefused';
    this.data = { code: 'UNAUTHORIZED' };
  }
}

const handshakeAuthSchema = z.object({ token: z.string().min(1) });

/**
 * The HTTP API's authentication (http/authenticate.ts) for a Socket.IO handshake `auth: { token }`: the same
 * verifier, the same active-user lookup, the same permissions, and the same messages.
 */
export async function authenticateHandshake(
  db: Db,
  verifier: TokenVerifier,
  handshakeAuth: unknown,
): Promise<LiveSession> {
  const parsed = handshakeAuthSchema.safeParse(handshakeAuth);
  if (!parsed.success) {
    throw new LiveConnectionRefused('Authentication required: send an ID token as auth.token.');
  }
  const token = parsed.data.token;
  let subject: string;
  try {
    subject = (await verifier.verify(token)).subject;
  } catch (error) {
    if (error instanceof TokenRejected)
      throw new LiveConnectionRefused('The token is invalid or has expired.');
    throw error;
  }
  const user = await findActiveUserByIdentityId(db, subject);
  if (!user) throw new LiveConnectionRefused('No active user matches this token.');
  const permissions = await loadPermissions(db, user.userId, user.companyId);
  // The verifier required `exp`; decoding again only reads it, the signature was checked above.
  const exp = decodeJwt(token).exp ?? 0;
  return { auth: { user, permissions }, expiresAt: exp * 1000, token };
}
