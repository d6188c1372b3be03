import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { registerAuthorizeRoutes } from './sandboxAuthorizeRoutes.ts';
import { invalidLogin, SandboxOAuthError, SandboxRestError } from './sandboxErrors.ts';
import { verifyAccessToken } from './sandboxGrants.ts';
import { registerRecordRoutes } from './sandboxRecordRoutes.ts';
import { ensureSandboxSeeded } from './sandboxSeed.ts';
import { registerSuiteqlRoutes } from './sandboxSuiteqlRoutes.ts';
import { registerTokenRoutes } from './sandboxTokenRoutes.ts';
import { registerUserinfoRoute } from './sandboxUserinfoRoute.ts';

/** Where the sandbox answers: NetSuite's paths below this prefix, on the server's own origin. */
export const SANDBOX_PREFIX = '/sandbox/netsuite';
/** A token request or a sign-in form is a few fields; anything bigger is not one. */
const FORM_BODY_LIMIT = 16 * 1024;

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number';
}

/** Any failure of a record or SuiteQL call as NetSuite's error body (never the console's envelope). */
function restFailure(error: unknown, request: FastifyRequest): SandboxRestError {
  if (error instanceof SandboxRestError) return error;
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500)
    return new SandboxRestError(error.statusCode, 'INVALID_CONTENT', error.message);
  request.log.error({ err: error }, 'NetSuite sandbox call failed');
  return new SandboxRestError(500, 'UNEXPECTED_ERROR', 'An unexpected error occurred.');
}

/**
 * The NetSuite sandbox: NetSuite's own authorization page, token endpoint, record and SuiteQL calls, served at
 * NetSuite's paths under /sandbox/netsuite when no real account is configured. Plain routes rather than contract
 * routes: they speak NetSuite's protocol, and answer NetSuite's error shapes.
 */
export function registerNetsuiteSandbox(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const { db, config } = deps;
  const apiOrigin = config.netsuite.apiOrigin;
  // Seeded on the first record or SuiteQL call rather than at start: every test server would pay for it else.
  let seeded: Promise<void> | undefined;
  const ensureSeeded = () =>
    (seeded ??= ensureSandboxSeeded(db).catch((error: unknown) => {
      seeded = undefined;
      throw error;
    }));

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, parsed) => {
        parsed(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
      },
    );
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof SandboxOAuthError)
        return reply.status(error.status).header('cache-control', 'no-store').send(error.body());
      const failure = restFailure(error, request);
      if (failure.status < 500)
        request.log.info(
          { status: failure.status, code: failure.errorCode },
          'NetSuite sandbox refused a call',
        );
      return reply.status(failure.status).send(failure.body());
    });

    registerAuthorizeRoutes(scope, { db, config, prefix: SANDBOX_PREFIX });
    registerTokenRoutes(scope, { db, client: config.netsuite, prefix: SANDBOX_PREFIX });

    // Records and SuiteQL: a live bearer token first, then the seeded records.
    void scope.register((api, _apiOptions, apiDone) => {
      api.addHook('onRequest', async (request) => {
        const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (token === undefined) throw invalidLogin();
        await verifyAccessToken(db, token);
        await ensureSeeded();
      });
      registerRecordRoutes(api, { db, apiOrigin, prefix: SANDBOX_PREFIX });
      registerSuiteqlRoutes(api, { db, apiOrigin, prefix: SANDBOX_PREFIX });
      registerUserinfoRoute(api, { db, prefix: SANDBOX_PREFIX });
      api.all(`${SANDBOX_PREFIX}/services/rest/*`, () => {
        throw new SandboxRestError(404, 'NONEXISTENT_ID', 'The requested resource does not exist.');
      });
      apiDone();
    });
    done();
  });
}
