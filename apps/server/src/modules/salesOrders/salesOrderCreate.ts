import type { BodyOf, contract } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { badRequest, conflict, HttpError } from '../../http/httpError.ts';
import { ticketSalesOrders } from '../../platform/db/accountingSchema.ts';
import type { NetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import {
  billingStateAfterAction,
  laborServiceItem,
  salesOrderBlockers,
  salesOrderExternalId,
  salesOrderLines,
  salesOrderTotal,
  type OrderLine,
} from '@kelvin/domain';
import { exitIfCrashTestAfterUpsert } from './salesOrderCrashHook.ts';
import {
  callNetsuite,
  itemsByItemId,
  projectCustomerId,
  salesOrderBody,
  salesOrderByExternalId,
  type NetsuiteItem,
} from './salesOrderNetsuite.ts';
import {
  finishCreatedOrder,
  lockedBillableTicket,
  presentSalesOrderState,
  type SalesOrderDeps,
  type StoredLine,
} from './salesOrderRecords.ts';
import { NETSUITE_MANAGE } from './salesOrdersList.ts';
import { ticketBillingInput, type TicketBillingInput } from './salesOrdersTicketInput.ts';

type CreateBody = BodyOf<typeof contract.netsuiteTicketsSalesOrdersCreate>;

/** Refuses an order that cannot be made: the first blocker is the message (the spec's, verbatim), all in details. */
function requireNoBlockers(input: TicketBillingInput): void {
  const blockers = salesOrderBlockers(input.consumables, input.labor, input.partsFree);
  const [first] = blockers;
  if (first !== undefined)
    throw badRequest(
      first,
      blockers.map((message) => ({ field: 'body.ticketId', message })),
    );
}

/** Every itemId the order needs: its consumables' and its labor codes' service items. */
function neededItemIds(input: TicketBillingInput): string[] {
  const labor = input.labor.flatMap((entry) => {
    const item = laborServiceItem(entry.laborCodeKey);
    return item === null ? [] : [item];
  });
  return [...input.consumables.flatMap((each) => (each.itemId === null ? [] : [each.itemId])), ...labor];
}

/** The order's lines at NetSuite's rates for labor, each with its item's internal id (an unknown item is a 400). */
export function linesWithItems(
  input: TicketBillingInput,
  items: ReadonlyMap<string, NetsuiteItem>,
): StoredLine[] {
  const laborRates = new Map<string, number>();
  for (const [itemId, item] of items) if (item.basePrice !== null) laborRates.set(itemId, item.basePrice);
  const lines: OrderLine[] = salesOrderLines({ ...input, laborRates });
  return lines.map((line) => {
    const item = items.get(line.itemId);
    if (!item) throw badRequest(`NetSuite has no item '${line.itemId}' (${line.description}).`);
    return { ...line, itemInternalId: item.internalId };
  });
}

/** Reads what the order needs from NetSuite before anything is written: the project's customer and the items. */
async function netsuiteLookups(client: NetsuiteClient, input: TicketBillingInput, projectId: number) {
  const customerId = await projectCustomerId(client, projectId);
  const items = await callNetsuite(() => itemsByItemId(client, neededItemIds(input)));
  return { customerId, items };
}

/**
 * netsuite.tickets.salesOrders.create, made once (issue 24, item 4): (1) the ticket's order row is written CREATING
 * with its external id (unique, from the ticket) and lines, under the ticket's row lock, so a doubled Submit waits
 * and then sees it; (2) NetSuite upserts `salesOrder/eid:<externalId>`, which updates the one order if a previous
 * try (a timeout, a crash before step 3) made it; (3) the row and the ticket are finished. A retry of a CREATING
 * row goes through (2) again; a finished one answers as it is.
 */
export async function createSalesOrder(deps: SalesOrderDeps, auth: AuthContext, body: CreateBody) {
  requirePermission(auth, NETSUITE_MANAGE);
  const client = deps.clientFor(body.netSuiteAccessToken);
  const externalId = salesOrderExternalId(body.ticketId);

  // Checks before NetSuite is asked anything: the ticket, its state and its blockers.
  const first = await deps.db.transaction(async (tx) => {
    const { ticket, order } = await lockedBillableTicket(tx, auth, body.ticketId);
    if (order?.state === 'CREATED' && ticket.netSuiteBillingState === 'SALES_ORDER_CREATED')
      return { done: presentSalesOrderState(ticket) };
    if (order?.state !== 'CREATING') {
      const allowed = billingStateAfterAction(ticket.netSuiteBillingState, 'create');
      if (!allowed.ok) throw badRequest(allowed.message);
    }
    const input = await ticketBillingInput(tx, ticket);
    requireNoBlockers(input);
    return { done: null, input };
  });
  if (first.done) return first.done;
  const { customerId, items } = await netsuiteLookups(client, first.input, body.netSuiteProjectId);

  // (1) The row, written before NetSuite is told: from here on, a retry finds the order by its external id.
  const reserved = await deps.db.transaction(async (tx) => {
    const { ticket, order } = await lockedBillableTicket(tx, auth, body.ticketId);
    if (order?.state === 'CREATED' && ticket.netSuiteBillingState === 'SALES_ORDER_CREATED')
      return { done: presentSalesOrderState(ticket) };
    if (order?.state !== 'CREATING' && ticket.netSuiteBillingState !== 'PENDING_SALES_ORDER')
      throw conflict(`The ticket's billing changed meanwhile: it is ${ticket.netSuiteBillingState}.`);
    const input = await ticketBillingInput(tx, ticket);
    requireNoBlockers(input);
    const lines = linesWithItems(input, items);
    const header = {
      externalId,
      state: 'CREATING',
      netsuiteProjectId: body.netSuiteProjectId,
      memo: body.memo ?? null,
      purchaseOrderNumber: body.purchaseOrderNumber ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
      lines,
      total: String(salesOrderTotal(lines)),
      reconcileState: 'OK',
      reconcileDetail: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(ticketSalesOrders)
      .values({ ticketId: ticket.ticketId, ...header, createdBy: auth.user.userId })
      .onConflictDoUpdate({ target: ticketSalesOrders.ticketId, set: header });
    return { done: null, lines };
  });
  if (reserved.done) return reserved.done;

  // (2) NetSuite: PUT on the external id creates the order or updates the one a previous try made.
  const orderBody = salesOrderBody(
    {
      externalId,
      customerId,
      projectId: body.netSuiteProjectId,
      memo: body.memo ?? null,
      purchaseOrderNumber: body.purchaseOrderNumber ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
    },
    reserved.lines,
    items,
  );
  await callNetsuite(() => client.upsertRecord('salesOrder', `eid:${externalId}`, orderBody));
  exitIfCrashTestAfterUpsert();
  const found = await salesOrderByExternalId(client, externalId);
  if (!found)
    throw new HttpError(
      502,
      'UNAVAILABLE',
      'NetSuite accepted the sales order but does not show it: try again.',
    );

  // (3) Finished: the row and the ticket say what NetSuite holds.
  return deps.db.transaction(async (tx) => {
    const { ticket, order } = await lockedBillableTicket(tx, auth, body.ticketId);
    if (!order) throw conflict('The sales order was deleted meanwhile.');
    const updated = await finishCreatedOrder(tx, ticket, auth.user.userId, found);
    return presentSalesOrderState(updated);
  });
}
