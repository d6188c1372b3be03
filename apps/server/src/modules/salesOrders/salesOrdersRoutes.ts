import { salesOrdersEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { createNetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { serverNetsuiteClient } from '../accounting/accountingConnection.ts';
import type { SecretBox } from '../../platform/secrets/secretBox.ts';
import { createSalesOrder } from './salesOrderCreate.ts';
import { closeSalesOrder, deleteSalesOrder } from './salesOrderDeleteClose.ts';
import { previewSalesOrder } from './salesOrderPreview.ts';
import { finishInterruptedOrders, reconcileCall } from './salesOrderReconcile.ts';
import type { SalesOrderDeps } from './salesOrderRecords.ts';
import { listSalesOrdersTab } from './salesOrdersList.ts';

/** The orders page's tabs and a ticket's sales order: create (once), delete, close, reconcile. */
export function registerSalesOrdersRoutes(context: RouteContext, deps: { secrets: SecretBox }): void {
  const { db, config, route } = context;
  const salesOrderDeps: SalesOrderDeps = {
    db,
    config,
    clientFor: (accessToken) => createNetsuiteClient({ apiOrigin: config.netsuite.apiOrigin, accessToken }),
    serverClient: () => serverNetsuiteClient({ db, config, secrets: deps.secrets }),
  };
  // Not awaited: a slow NetSuite must not hold the server's start; a failure is logged and the next start retries.
  context.app.addHook('onReady', () => {
    finishInterruptedOrders(salesOrderDeps).then(
      (finished) => {
        if (finished > 0) context.app.log.info({ finished }, 'sales orders cut short were finished');
      },
      (error: unknown) =>
        context.app.log.warn({ err: error }, 'sales orders cut short could not be finished yet'),
    );
    return Promise.resolve();
  });
  route(salesOrdersEndpoints.salesOrdersList, ({ auth, body }) => listSalesOrdersTab(db, auth, body));
  route(salesOrdersEndpoints.salesOrdersPreview, ({ auth, body }) =>
    previewSalesOrder(salesOrderDeps, auth, body),
  );
  route(salesOrdersEndpoints.netsuiteTicketsSalesOrdersCreate, ({ auth, body }) =>
    createSalesOrder(salesOrderDeps, auth, body),
  );
  route(salesOrdersEndpoints.netsuiteTicketsSalesOrdersDelete, ({ auth, body }) =>
    deleteSalesOrder(salesOrderDeps, auth, body),
  );
  route(salesOrdersEndpoints.netsuiteTicketsSalesOrdersClose, ({ auth, body }) =>
    closeSalesOrder(salesOrderDeps, auth, body),
  );
  route(salesOrdersEndpoints.salesOrdersReconcile, ({ auth, body }) =>
    reconcileCall(salesOrderDeps, auth, body),
  );
}
