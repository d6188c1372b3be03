import { deviceLogsEndpoints } from '@kelvin/contract';
import { AGENT_KEY_HEADER } from '../../http/authenticateAgent.ts';
import { registerEndpoint } from '../../http/contractRouter.ts';
import { unauthorized } from '../../http/httpError.ts';
import type { RouteContext } from '../../http/routeContext.ts';
import { gunzipBody } from '../telemetry/gzipBody.ts';
import { INGEST_BODY_LIMIT_BYTES, INGEST_ROUTE_BODY_LIMIT_BYTES } from '../telemetry/telemetryRoutes.ts';
import { ingestLogBatch, listLogs, listLogSources } from './deviceLogsService.ts';

/**
 * Device logs: ingestion in a scope of its own with telemetry's body limit and gzip decoding (nothing else accepts
 * compressed or oversized bodies), and the console's two reads.
 */
export function registerDeviceLogsRoutes(context: RouteContext): void {
  const deps = { db: context.db, logs: context.timeseries.logs };
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
    registerEndpoint(scope, context.authenticators, deviceLogsEndpoints.deviceLogsIngest, ({ auth, body }) =>
      ingestLogBatch(deps, auth, body),
    );
    done();
  });
  context.route(deviceLogsEndpoints.deviceLogsList, ({ auth, body }) => listLogs(deps, auth, body));
  context.route(deviceLogsEndpoints.deviceLogsSources, ({ auth, body }) => listLogSources(deps, auth, body));
}
