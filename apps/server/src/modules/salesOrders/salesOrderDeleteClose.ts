import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { BodyOf, contract } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { badRequest, conflict } from '../../http/httpError.ts';
import { ticketSalesOrders } from '../../platform/db/accountingSchema.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';
import { billingStateAfterAction, type SalesOrderAction } from '@kelvin/domain';
import { callNetsuite, netsuiteFailure } from './salesOrderNetsuite.ts';
import {
  lockedBillableTicket,
  presentSalesOrderState,
  setTicketBilling,
  type SalesOrderDeps,
} from './salesOrderRecords.ts';
import { NETSUITE_MANAGE } from './salesOrdersList.ts';

type TicketBody = BodyOf<typeof contract.netsuiteTicketsSalesOrdersDelete>;

/** The ticket's order for an action the billing flow allows (else a 400 naming the ticket's state). */
async function orderFor(deps: SalesOrderDeps, auth: AuthContext, ticketId: number, action: SalesOrderAction) {
  return deps.db.transaction(async (tx) => {
    const { ticket, order } = await lockedBillableTicket(tx, auth, ticketId);
    const allowed = billingStateAfterAction(ticket.netSuiteBillingState, action);
    if (!allowed.ok) throw badRequest(allowed.message);
    const internalId = order?.netsuiteInternalId ?? ticket.netSuiteSalesOrderInternalId;
    if (internalId === null) throw conflict('The ticket has no NetSuite sales order to change.');
    return { internalId };
  });
}

/**
 * netsuite.tickets.salesOrders.delete: the order goes from NetSuite (one already gone counts as deleted), then the
 * ticket is pending a sales order again and its order row is removed, so the next Submit makes a new order.
 */
export async function deleteSalesOrder(deps: SalesOrderDeps, auth: AuthContext, body: TicketBody) {
  requirePermission(auth, NETSUITE_MANAGE);
  const { internalId } = await orderFor(deps, auth, body.ticketId, 'delete');
  try {
    await deps.clientFor(body.netSuiteAccessToken).deleteRecord('salesOrder', internalId);
  } catch (error) {
    if (!(error instanceof NetsuiteError && error.status === 404)) throw netsuiteFailure(error);
  }
  return deps.db.transaction(async (tx) => {
    const { ticket } = await lockedBillableTicket(tx, auth, body.ticketId);
    if (ticket.netSuiteBillingState !== 'SALES_ORDER_CREATED') return presentSalesOrderState(ticket);
    await tx.delete(ticketSalesOrders).where(eq(ticketSalesOrders.ticketId, ticket.ticketId));
    const updated = await setTicketBilling(tx, ticket, auth.user.userId, 'tickets.salesOrders.delete', {
      netSuiteBillingState: 'PENDING_SALES_ORDER',
      netSuiteSalesOrderInternalId: null,
      salesOrderNumber: null,
      purchaseOrderNumber: null,
    });
    return presentSalesOrderState(updated);
  });
}

/** A sales order's item lines as NetSuite answers them, every field kept so that a PATCH sends them back whole. */
const orderLinesSchema = z.object({
  item: z.object({ items: z.array(z.record(z.string(), z.unknown())) }).optional(),
});

/**
 * netsuite.tickets.salesOrders.close: every line of the order is closed (NetSuite then reports it Closed), and the
 * ticket's billing is SALES_ORDER_CLOSED.
 */
export async function closeSalesOrder(deps: SalesOrderDeps, auth: AuthContext, body: TicketBody) {
  requirePermission(auth, NETSUITE_MANAGE);
  const { internalId } = await orderFor(deps, auth, body.ticketId, 'close');
  const client = deps.clientFor(body.netSuiteAccessToken);
  const order = orderLinesSchema.parse(await callNetsuite(() => client.getRecord('salesOrder', internalId)));
  const items = (order.item?.items ?? []).map((line) => ({ ...line, isClosed: true }));
  await callNetsuite(() => client.updateRecord('salesOrder', internalId, { item: { items } }));
  return deps.db.transaction(async (tx) => {
    const { ticket } = await lockedBillableTicket(tx, auth, body.ticketId);
    if (ticket.netSuiteBillingState !== 'SALES_ORDER_CREATED') return presentSalesOrderState(ticket);
    await tx
      .update(ticketSalesOrders)
      .set({ state: 'CLOSED', updatedAt: new Date() })
      .where(eq(ticketSalesOrders.ticketId, ticket.ticketId));
    const updated = await setTicketBilling(tx, ticket, auth.user.userId, 'tickets.salesOrders.close', {
      netSuiteBillingState: 'SALES_ORDER_CLOSED',
      netSuiteSalesOrderInternalId: ticket.netSuiteSalesOrderInternalId,
      salesOrderNumber: ticket.salesOrderNumber,
      purchaseOrderNumber: ticket.purchaseOrderNumber,
    });
    return presentSalesOrderState(updated);
  });
}
