import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PrivateSigningJwk } from '../../platform/identity/signingKeys.ts';
import { loadOrCreateCookieKeys } from './cookieKeys.ts';
import { registerInteractionRoutes } from './interactionRoutes.ts';
import { loadOidcProvider } from './loadOidcProvider.ts';
import { deleteExpiredOidcPayloads } from './oidcAdapter.ts';
import { buildProviderConfiguration } from './providerConfiguration.ts';
import { openSignInLimiter } from './signInLimiter.ts';
import { staffSignInAvailable } from './staffSignInNetsuite.ts';

export interface EmbeddedIdentityDeps {
  config: Config;
  db: Db;
  keys: PrivateSigningJwk[];
}

/** Expired provider rows are ignored on read; sweeping them hourly only keeps the table small. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Mounts the embedded OpenID provider (oidc-provider, a Koa app) at the issuer's path, e.g. /oidc.
 * Our sign-in routes are plain Fastify routes; every other request under the prefix is handed, raw and with
 * its body unread, to the provider's own request handler.
 */
export async function mountEmbeddedIdentity(app: FastifyInstance, deps: EmbeddedIdentityDeps): Promise<void> {
  const { config, db, keys } = deps;
  const issuer = config.identity.issuer;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const consoleUrl = `${config.publicOrigin}/`;

  const Provider = await loadOidcProvider();
  const cookieKeys = await loadOrCreateCookieKeys(db);
  const provider = new Provider(
    issuer,
    buildProviderConfiguration({ config, db, keys, cookieKeys, mountPath, log: app.log }),
  );
  // The provider reads X-Forwarded-* headers only when the app trusts a reverse proxy too.
  provider.proxy = config.trustProxyHops > 0;
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));

  const limiter = await openSignInLimiter({ redisUrl: config.redisUrl, logger: app.log });
  await registerInteractionRoutes(app, {
    provider,
    db,
    limiter,
    mountPath,
    clientId: config.identity.clientId,
    consoleUrl,
    staffSignIn: staffSignInAvailable(config)
      ? { netsuite: config.netsuite, publicOrigin: config.publicOrigin }
      : undefined,
  });

  const handle = provider.callback();
  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // From here on the provider writes the response itself.
    reply.hijack();
    const raw = request.raw;
    const url = raw.url ?? mountPath;
    // The provider routes on the path below its mount point and, like under Express, finds that mount point
    // (for the URLs it builds) by comparing `originalUrl` with `url`.
    Object.assign(raw, { originalUrl: url });
    const below = url.slice(mountPath.length);
    raw.url = below.startsWith('/') ? below : `/${below}`;
    try {
      await handle(raw, reply.raw);
    } finally {
      raw.url = url;
    }
  };

  await app.register((scope, _options, done) => {
    // The provider parses bodies itself and refuses ones already parsed: accept any content type, read nothing.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => {
      parsed(null);
    });
    scope.all(mountPath, forward);
    scope.all(`${mountPath}/*`, forward);
    done();
  });

  const sweepExpired = () => deleteExpiredOidcPayloads(db);
  await sweepExpired();
  const sweep = setInterval(() => {
    sweepExpired().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete expired identity rows');
    });
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await limiter.close();
  });
}
