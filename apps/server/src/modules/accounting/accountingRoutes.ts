import type { FastifyInstance } from 'fastify';
import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import type { SecretBox } from '../../platform/secrets/secretBox.ts';
import {
  exchangeAuthorizationCode,
  NETSUITE_RETURN_PATH,
  refreshSession,
  startAuthorization,
} from './accountingSession.ts';
import { getPart, getService, listParts, listServices } from './inventoryItems.ts';
import { listProjects } from './netsuiteProjects.ts';

/** The accounting session (netsuite.accessToken.*), inventory items, service items and projects. */
export function registerAccountingRoutes(
  { app, route, db, config }: RouteContext,
  { secrets }: { secrets: SecretBox },
): void {
  const deps = { db, config, secrets };
  const session = { ...deps, publicOrigin: config.publicOrigin };
  route(contract.netsuiteAuthorizationStart, ({ auth }) => startAuthorization(session, auth));
  route(contract.netsuiteAccessTokenGet, ({ auth, body }) => exchangeAuthorizationCode(session, auth, body));
  route(contract.netsuiteAccessTokenRefresh, ({ auth, body }) => refreshSession(session, auth, body));
  route(contract.netsuiteInventoryItemsList, ({ auth, body }) => listParts(deps, auth, body));
  route(contract.netsuiteInventoryItemsGet, ({ auth, body }) => getPart(deps, auth, body.netSuiteInternalId));
  route(contract.netsuiteServiceSalesItemsList, ({ auth, body }) => listServices(deps, auth, body));
  route(contract.netsuiteServiceSalesItemsGet, ({ auth, body }) =>
    getService(deps, auth, body.netSuiteInternalId),
  );
  route(contract.netsuiteProjectsList, ({ auth, body }) => listProjects(deps, auth, body));
  registerNetsuiteReturn(app);
}

/**
 * NetSuite sends the browser back to a real path (a redirect_uri may carry no fragment), but the web app routes
 * by hash: the return is moved onto its hash route with NetSuite's query (code, state, role, entity, company).
 */
function registerNetsuiteReturn(app: FastifyInstance): void {
  app.get(NETSUITE_RETURN_PATH, (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`/#${NETSUITE_RETURN_PATH}${query}`, 302);
  });
}
