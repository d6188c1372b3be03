import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';

export interface VerifiedIdentity {
  /** The token's subject: our users' identity id. */
  subject: string;
  email: string | undefined;
}

export interface TokenVerifier {
  /** Resolves for a valid ID token of our issuer and client; rejects with TokenRejected otherwise. */
  verify(token: string): Promise<VerifiedIdentity>;
}

export class TokenRejected extends Error {}

/** The embedded issuer's claim naming the provider session (its uid) that an ID token was issued in. */
export const SESSION_CLAIM = 'session_uid';

/** Only asymmetric algorithms: `none` and HMAC tokens are refused before any key is looked up. */
const ACCEPTED_ALGORITHMS = ['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA'];

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  /**
   * The embedded issuer's sessions: a token must name one (SESSION_CLAIM) that has not ended. An external
   * issuer's tokens are valid until they expire.
   */
  sessionActive?: ((sessionUid: string) => Promise<boolean>) | undefined;
}): TokenVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ACCEPTED_ALGORITHMS,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (!payload.sub) throw new TokenRejected('Token has no subject');
        if (options.sessionActive) {
          const session = payload[SESSION_CLAIM];
          if (typeof session !== 'string') throw new TokenRejected('Token names no session');
          if (!(await options.sessionActive(session))) throw new TokenRejected('The session has ended');
        }
        return { subject: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined };
      } catch (error) {
        if (error instanceof TokenRejected) throw error;
        if (error instanceof errors.JOSEError) throw new TokenRejected(error.code);
        throw error;
      }
    },
  };
}

/** Keys of the embedded issuer, in memory: no HTTP round trip to ourselves. */
export function localKeys(jwks: { keys: JWK[] }): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

/** Keys of an external issuer, fetched from its discovery document's jwks_uri and cached by jose. */
export async function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Could not read the discovery document of ${issuer}: ${response.status}`);
  const discovery: unknown = await response.json();
  if (typeof discovery !== 'object' || discovery === null || !('jwks_uri' in discovery)) {
    throw new Error(`The discovery document of ${issuer} has no jwks_uri`);
  }
  const { jwks_uri: jwksUri } = discovery;
  if (typeof jwksUri !== 'string') throw new Error(`The discovery document of ${issuer} has no jwks_uri`);
  return createRemoteJWKSet(new URL(jwksUri));
}
