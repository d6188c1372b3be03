import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { webBuildExists } from '../config.ts';
import type { Database } from '../platform/db/database.ts';
import { registerFileRoutes } from '../platform/files/fileRoutes.ts';
import type { TelemetryBus } from '../platform/events/telemetryBus.ts';
import type { FileStore } from '../platform/files/fileStore.ts';
import type { TimeSeriesStore } from '../platform/timeseries/timeSeriesStore.ts';
import { registerLiveValuesRoutes } from '../modules/liveValues/liveValuesRoutes.ts';
import { lastSeenFromTable } from '../platform/live/lastSeenFromTable.ts';
import type { LastValueTable } from '../platform/live/lastValueTable.ts';
import type { TokenVerifier } from '../platform/identity/tokenVerifier.ts';
import { registerMetrics } from '../platform/observability/metrics.ts';
import { registerAccessGroupsRoutes } from '../modules/access/accessGroupsRoutes.ts';
import { registerAssetsRoutes } from '../modules/assets/assetsRoutes.ts';
import { registerCommandsRoutes } from '../modules/commands/commandsRoutes.ts';
import { registerAuditRoutes } from '../modules/audit/auditRoutes.ts';
import { registerCompaniesRoutes } from '../modules/companies/companiesRoutes.ts';
import { registerMaintenanceRoutes } from '../modules/maintenance/maintenanceRoutes.ts';
import type { NotificationRelay } from '../modules/notifications/liveRelay.ts';
import { registerNotificationsRoutes } from '../modules/notifications/notificationsRoutes.ts';
import type { SendOptions } from '../modules/notifications/webhookDelivery.ts';
import { registerSystemRoutes } from '../modules/system/systemRoutes.ts';
import { registerUserAdminRoutes } from '../modules/users/userAdminRoutes.ts';
import { registerUsersRoutes } from '../modules/users/usersRoutes.ts';
import { registerMetricsRoutes } from '../modules/metrics/metricsRoutes.ts';
import { registerProblemsRoutes } from '../modules/problems/problemsRoutes.ts';
import { registerProblemTicketsRoutes } from '../modules/tickets/problemTicketsRoutes.ts';
import { registerProblemRulesRoutes } from '../modules/problemRules/problemRulesRoutes.ts';
import { registerThresholdsRoutes } from '../modules/thresholds/thresholdsRoutes.ts';
import { registerTimeEntriesRoutes } from '../modules/tickets/timeEntriesRoutes.ts';
import { registerTelemetryRoutes } from '../modules/telemetry/telemetryRoutes.ts';
import { registerDeviceLogsRoutes } from '../modules/deviceLogs/deviceLogsRoutes.ts';
import { registerUploadsRoutes } from '../modules/uploads/uploadsRoutes.ts';
import { registerSharedViewsRoutes } from '../modules/sharedViews/sharedViewsRoutes.ts';
import { registerTicketCommentsRoutes } from '../modules/tickets/ticketCommentsRoutes.ts';
import { registerTicketsRoutes } from '../modules/tickets/ticketsRoutes.ts';
import { registerFormsRoutes } from '../modules/forms/formsRoutes.ts';
import { registerAccountingRoutes } from '../modules/accounting/accountingRoutes.ts';
import { registerCoverageRoutes } from '../modules/coverage/coverageRoutes.ts';
import { registerNetsuiteSandbox } from '../modules/netsuiteSandbox/sandboxRoutes.ts';
import { registerSalesOrdersRoutes } from '../modules/salesOrders/salesOrdersRoutes.ts';
import { registerSchedulingRoutes } from '../modules/scheduling/schedulingRoutes.ts';
import { registerAnalyticsRoutes } from '../modules/analytics/analyticsRoutes.ts';
import { registerSubscriptionsRoutes } from '../modules/subscriptions/subscriptionsRoutes.ts';
import { API_DOCS_POLICY, apiDocsPage } from './apiDocsPage.ts';
import { createAuthenticator } from './authenticate.ts';
import { createAgentAuthenticator } from './authenticateAgent.ts';
import { frameworkErrorReply, installErrorHandler } from './errorHandler.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { createRouteContext } from './routeContext.ts';
import { consolePagePolicy, registerWebApp } from './webApp.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  verifier: TokenVerifier;
  files: FileStore;
  /** Where file URLs point when that is not the console's origin (a bucket): the pages may load from it. */
  filesOrigin?: string | undefined;
  timeseries: TimeSeriesStore;
  bus: TelemetryBus;
  lastValues: LastValueTable;
  /** Tells users their notifications changed; bound to the live server once it is attached. */
  notificationRelay: NotificationRelay;
  /** How webhooks are sent: the outbound address policy and the secrets' box. */
  webhookSend: SendOptions;
}

/** The JSON body limit of every call but those that set their own (telemetry ingestion). */
export const API_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The HTTP application: operations endpoints, the contract's API routes, and the web app. */
export async function buildApp({
  config,
  database,
  verifier,
  files,
  filesOrigin,
  timeseries,
  bus,
  lastValues,
  notificationRelay,
  webhookSend,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: API_BODY_LIMIT_BYTES,
    // Closing ends every connection, not only idle ones: an agent's long poll or a browser's request left open
    // would otherwise hold a shutdown for up to the 72 s keep-alive. Agents resend with the same batch id, so a
    // batch cut off here is stored once when it comes again.
    forceCloseConnections: true,
    // A `__proto__` or `constructor.prototype` key is dropped while parsing (it can never name a field of ours),
    // so that the contract's schemas answer such a body like any other, naming the fields it lacks.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    frameworkErrors: frameworkErrorReply,
    // A hop count, never `true`: the leftmost X-Forwarded-For entry is the client's to forge.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Request lines for API and identity calls; probes, metrics scrapes and static files would drown them.
    logController: new LogController({
      disableRequestLogging: (request) => !/^\/(api|oidc|live)\//.test(request.url),
    }),
  });
  const serveWeb = webBuildExists(config);
  const pagePolicy = consolePagePolicy(filesOrigin);
  installErrorHandler(app, { spaFallback: serveWeb, pagePolicy });
  registerMetrics(app);
  // Behind a load balancer (src/cluster), which process answered: for operators and the cluster's tests. On the
  // raw response, so that the answers of handlers that take it over (the embedded issuer's) carry it too.
  const { processName } = config;
  if (processName !== undefined)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('x-kelvin-process', processName);
      done();
    });

  app.get('/healthz', () => Promise.resolve({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ message: 'The database is not reachable.', code: 'UNAVAILABLE' });
    }
  });

  const openApiDocument = buildOpenApiDocument();
  app.get('/api/openapi.json', () => Promise.resolve(openApiDocument));
  // The docs page has one inline script of its own; nothing else may run there.
  app.get('/api/docs', (_request, reply) =>
    reply
      .type('text/html')
      .header('content-security-policy', `${API_DOCS_POLICY}; frame-ancestors 'none'`)
      .send(apiDocsPage),
  );

  // Only disk files are served here; a bucket serves its own through presigned URLs.
  if (files.kind === 'disk') registerFileRoutes(app, files);
  const authenticators = {
    user: createAuthenticator(database.db, verifier),
    agent: createAgentAuthenticator(database.db),
  };
  const context = createRouteContext(
    app,
    { db: database.db, config, files, timeseries, bus },
    authenticators,
  );
  registerSystemRoutes(context);
  registerUsersRoutes(context);
  registerUserAdminRoutes(context);
  registerCompaniesRoutes(context);
  registerAuditRoutes(context);
  registerAssetsRoutes(context, { lastSeen: lastSeenFromTable(lastValues) });
  registerLiveValuesRoutes(context, { lastValues });
  registerCommandsRoutes(context, { lastValues });
  registerAccessGroupsRoutes(context);
  registerTelemetryRoutes(context);
  registerDeviceLogsRoutes(context);
  registerMetricsRoutes(context);
  registerUploadsRoutes(context);
  registerSharedViewsRoutes(context);
  registerProblemsRoutes(context);
  registerProblemTicketsRoutes(context);
  registerProblemRulesRoutes(context);
  registerThresholdsRoutes(context);
  registerTimeEntriesRoutes(context);
  registerMaintenanceRoutes(context);
  registerTicketsRoutes(context);
  registerNotificationsRoutes(context, { relay: notificationRelay, send: webhookSend });
  registerTicketCommentsRoutes(context);
  registerFormsRoutes(context);
  registerCoverageRoutes(context);
  registerAccountingRoutes(context, { secrets: webhookSend.secrets });
  registerSalesOrdersRoutes(context, { secrets: webhookSend.secrets });
  registerSchedulingRoutes(context);
  registerAnalyticsRoutes(context);
  registerSubscriptionsRoutes(context);
  // NetSuite's protocol at NetSuite's paths, for when no real account is configured (config.netsuite).
  if (config.netsuite.kind === 'sandbox') registerNetsuiteSandbox(app, { db: database.db, config });

  if (serveWeb) await registerWebApp(app, config, pagePolicy);
  return app;
}
