import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import { requireCompanyAccess } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import { ticketSalesOrders } from '../../platform/db/accountingSchema.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import type { NetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { readableTicket, TICKET_NOT_FOUND, type TicketRow } from '../tickets/ticketAccess.ts';
import type { OrderLine } from '@kelvin/domain';
import { NETSUITE_MANAGE } from './salesOrdersList.ts';

/** What the sales order calls need: the database, a client on a user's token, and the server's own connection. */
export interface SalesOrderDeps {
  db: Db;
  config: Config;
  clientFor: (accessToken: string) => NetsuiteClient;
  /** The client on the server-kept connection (preview and reconciliation without a user's token). */
  serverClient: () => Promise<NetsuiteClient>;
}

export type SalesOrderRow = typeof ticketSalesOrders.$inferSelect;

/** A line as sent and kept (ticket_sales_orders.lines): the order line and its item's NetSuite internal id. */
export const storedLineSchema = z.object({
  kind: z.enum(['PART', 'SERVICE', 'LABOR']),
  itemId: z.string(),
  itemInternalId: z.string(),
  description: z.string(),
  quantity: z.number(),
  rate: z.number(),
  amount: z.number(),
});
export type StoredLine = z.infer<typeof storedLineSchema>;
export const storedLinesSchema = z.array(storedLineSchema);

export type StoredOrderLine = OrderLine & { itemInternalId: string };

/** The ticket's billing as a sales order call answers it. */
export function presentSalesOrderState(ticket: TicketRow) {
  return {
    ticketId: ticket.ticketId,
    netSuiteBillingState: z
      .enum(['NOT_BILLABLE', 'PENDING_SALES_ORDER', 'SALES_ORDER_CREATED', 'SALES_ORDER_CLOSED'])
      .parse(ticket.netSuiteBillingState),
    netSuiteSalesOrderInternalId: ticket.netSuiteSalesOrderInternalId,
    salesOrderNumber: ticket.salesOrderNumber,
    purchaseOrderNumber: ticket.purchaseOrderNumber,
  };
}

/**
 * A ticket the caller may bill: readable, netsuite:manage reaching its company (404 otherwise, so that ids reveal
 * nothing), locked with its sales order row for the rest of the transaction.
 */
export async function lockedBillableTicket(tx: DbOrTx, auth: AuthContext, ticketId: number) {
  const seen = await readableTicket(tx, auth, ticketId);
  requireCompanyAccess(auth, NETSUITE_MANAGE, seen.companyId, TICKET_NOT_FOUND);
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.ticketId, ticketId)).for('update');
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const [order] = await tx
    .select()
    .from(ticketSalesOrders)
    .where(eq(ticketSalesOrders.ticketId, ticketId))
    .for('update');
  return { ticket, order: order ?? null };
}

/** Moves the ticket's billing and records the change in the audit trail, in the caller's transaction. */
export async function setTicketBilling(
  tx: DbOrTx,
  ticket: TicketRow,
  actorUserId: number | null,
  event: string,
  change: {
    netSuiteBillingState: string;
    netSuiteSalesOrderInternalId: string | null;
    salesOrderNumber: string | null;
    purchaseOrderNumber: string | null;
  },
): Promise<TicketRow> {
  const [updated] = await tx
    .update(tickets)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(tickets.ticketId, ticket.ticketId))
    .returning();
  if (!updated) throw notFound(TICKET_NOT_FOUND);
  await recordEvent(tx, {
    name: event,
    actorUserId,
    companyId: ticket.companyId,
    subjectType: 'ticket',
    subjectId: ticket.ticketId,
    data: {
      netSuiteBillingState: { from: ticket.netSuiteBillingState, to: change.netSuiteBillingState },
      netSuiteSalesOrderInternalId: change.netSuiteSalesOrderInternalId,
      salesOrderNumber: change.salesOrderNumber,
    },
  });
  return updated;
}

/**
 * Finishes a created order: its row CREATED with NetSuite's ids, the ticket SALES_ORDER_CREATED. Called after the
 * upsert answered, and by the reconciliation for a CREATING row whose order NetSuite has (a crash in between).
 */
export async function finishCreatedOrder(
  tx: DbOrTx,
  ticket: TicketRow,
  actorUserId: number | null,
  found: { internalId: string; tranId: string | null },
): Promise<TicketRow> {
  const [row] = await tx
    .update(ticketSalesOrders)
    .set({
      state: 'CREATED',
      netsuiteInternalId: found.internalId,
      netsuiteTranId: found.tranId,
      reconcileState: 'OK',
      reconcileDetail: null,
      reconciledAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(ticketSalesOrders.ticketId, ticket.ticketId))
    .returning();
  if (!row) throw notFound(TICKET_NOT_FOUND);
  if (
    ticket.netSuiteBillingState === 'SALES_ORDER_CREATED' &&
    ticket.netSuiteSalesOrderInternalId === found.internalId
  )
    return ticket;
  return setTicketBilling(tx, ticket, actorUserId, 'tickets.salesOrders.create', {
    netSuiteBillingState: 'SALES_ORDER_CREATED',
    netSuiteSalesOrderInternalId: found.internalId,
    salesOrderNumber: found.tranId,
    purchaseOrderNumber: row.purchaseOrderNumber,
  });
}
