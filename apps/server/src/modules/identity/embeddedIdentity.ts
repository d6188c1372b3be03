import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PrivateSigningJwk } from '../../platform/identity/signingKeys.ts';

export interface EmbeddedIdentityDeps {
  config: Config;
  db: Db;
  keys: PrivateSigningJwk[];
}

/** Mounts the embedded OpenID provider at /oidc. (Being built: see the identity module.) */
export function mountEmbeddedIdentity(_app: FastifyInstance, _deps: EmbeddedIdentityDeps): Promise<void> {
  return Promise.resolve();
}
