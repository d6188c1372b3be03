import { telemetryEndpoints } from '@kelvin/contract';
import { registerEndpoint } from '../../http/contractRouter.ts';
import { AGENT_KEY_HEADER } from '../../http/authenticateAgent.ts';
import { unauthorized } from '../../http/httpError.ts';
import type { RouteContext } from '../../http/routeContext.ts';
import { gunzipBody } from './gzipBody.ts';
import { createPointResolver } from './pointResolver.ts';
import { createPointWriter } from './pointWriter.ts';
import { ingestBatch } from './telemetryService.ts';

/**
 * 50,000 points of realistic JSON take 5-8 MB; long aliases and text values can triple that. 32 MB (decompressed)
 * fits any valid batch with room, and bounds what a gzip bomb can cost.
 */
export const INGEST_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/**
 * The route's raw body limit: above the decompression limit by more than one zlib chunk, so that a gzip bomb
 * meets the hook's clear 413 first, not Fastify's generic one.
 */
export const INGEST_ROUTE_BODY_LIMIT_BYTES = INGEST_BODY_LIMIT_BYTES + 1024 * 1024;

/**
 * `POST /api/telemetry.ingest` in a scope of its own: only here is the body limit raised above the app's 10 MB and
 * gzip decoded, so no other route accepts compressed or oversized bodies.
 */
export function registerTelemetryRoutes(context: RouteContext): void {
  const resolver = createPointResolver(context.db);
  const writer = createPointWriter({ db: context.db, timeseries: context.timeseries, bus: context.bus });
  void context.app.register((scope, _options, done) => {
    scope.addHook('onRoute', (routeOptions) => {
      routeOptions.bodyLimit = INGEST_ROUTE_BODY_LIMIT_BYTES;
    });
    // Refuse a caller without any credentials before reading (and decompressing) up to 32 MB of body.
    scope.addHook('onRequest', (request, _reply, next) => {
      const credentials = request.headers[AGENT_KEY_HEADER] ?? request.headers.authorization;
      next(credentials === undefined ? unauthorized() : undefined);
    });
    scope.addHook('preParsing', gunzipBody(INGEST_BODY_LIMIT_BYTES));
    registerEndpoint(scope, context.authenticators, telemetryEndpoints.telemetryIngest, ({ auth, body }) =>
      ingestBatch({ resolver, writer }, auth, body),
    );
    done();
  });
}
