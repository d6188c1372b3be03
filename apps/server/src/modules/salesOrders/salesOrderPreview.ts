import type { AuthContext } from '../../http/authenticate.ts';
import { requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { readableTicket, TICKET_NOT_FOUND } from '../tickets/ticketAccess.ts';
import { laborServiceItem, salesOrderBlockers, salesOrderLines, salesOrderTotal } from '@kelvin/domain';
import { callNetsuite, itemsByItemId } from './salesOrderNetsuite.ts';
import type { SalesOrderDeps } from './salesOrderRecords.ts';
import { NETSUITE_MANAGE } from './salesOrdersList.ts';
import { ticketBillingInput } from './salesOrdersTicketInput.ts';

/**
 * salesOrders.preview: the lines the order would get (the same salesOrderLines the create sends), with labor at its
 * service items' NetSuite rates, the total and the blockers. Only the labor items are read from NetSuite.
 */
export async function previewSalesOrder(
  deps: SalesOrderDeps,
  auth: AuthContext,
  body: { ticketId: number; netSuiteAccessToken?: string | undefined },
) {
  requirePermission(auth, NETSUITE_MANAGE);
  const ticket = await readableTicket(deps.db, auth, body.ticketId);
  requireCompanyAccess(auth, NETSUITE_MANAGE, ticket.companyId, TICKET_NOT_FOUND);
  const input = await ticketBillingInput(deps.db, ticket);
  const laborItems = input.labor.flatMap((entry) => {
    const item = laborServiceItem(entry.laborCodeKey);
    return item === null ? [] : [item];
  });
  const laborRates = new Map<string, number>();
  if (laborItems.length > 0) {
    const client =
      body.netSuiteAccessToken === undefined
        ? await deps.serverClient()
        : deps.clientFor(body.netSuiteAccessToken);
    const items = await callNetsuite(() => itemsByItemId(client, laborItems));
    for (const [itemId, item] of items) if (item.basePrice !== null) laborRates.set(itemId, item.basePrice);
  }
  const lines = salesOrderLines({ ...input, laborRates });
  return {
    ticketId: ticket.ticketId,
    lines,
    total: salesOrderTotal(lines),
    blockers: salesOrderBlockers(input.consumables, input.labor, input.partsFree),
  };
}
