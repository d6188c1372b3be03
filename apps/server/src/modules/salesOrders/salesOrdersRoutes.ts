import type { RouteContext } from '../../http/routeContext.ts';
import type { SecretBox } from '../../platform/secrets/secretBox.ts';

/** The orders page's tabs and a ticket's sales order: create (once), delete, close, reconcile. */
export function registerSalesOrdersRoutes(_context: RouteContext, _deps: { secrets: SecretBox }): void {}
