import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission } from '../../http/authorize.ts';
import { ticketSalesOrders } from '../../platform/db/accountingSchema.ts';
import type { Db } from '../../platform/db/database.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import type { NetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { reconcileSalesOrder } from '@kelvin/domain';
import { salesOrderByExternalId } from './salesOrderNetsuite.ts';
import {
  finishCreatedOrder,
  storedLinesSchema,
  type SalesOrderDeps,
  type SalesOrderRow,
} from './salesOrderRecords.ts';
import { NETSUITE_MANAGE } from './salesOrdersList.ts';

/**
 * A CREATING row younger than this may be a create still waiting for NetSuite: the reconciliation leaves it. An
 * older one without an order in NetSuite was cut short before NetSuite was told, and is removed (the ticket is
 * still pending, so its next Submit starts again).
 */
export const CREATING_GRACE_MS = 10 * 60_000;

export interface ReconcileSummary {
  checked: number;
  finished: number;
  changed: number;
  missing: number;
}

/** Compares a created or closed order with NetSuite's and records the verdict (with an event when it turns bad). */
async function reconcileOne(
  db: Db,
  row: SalesOrderRow,
  found: Awaited<ReturnType<typeof salesOrderByExternalId>>,
) {
  const sent = { total: Number(row.total), lines: storedLinesSchema.parse(row.lines) };
  const verdict = reconcileSalesOrder(sent, found);
  await db.transaction(async (tx) => {
    await tx
      .update(ticketSalesOrders)
      .set({ reconcileState: verdict.state, reconcileDetail: verdict.detail, reconciledAt: new Date() })
      .where(eq(ticketSalesOrders.ticketId, row.ticketId));
    if (verdict.state !== 'OK' && verdict.state !== row.reconcileState) {
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.ticketId, row.ticketId));
      await recordEvent(tx, {
        name: 'tickets.salesOrders.reconcile',
        actorUserId: null,
        companyId: ticket?.companyId ?? null,
        subjectType: 'ticket',
        subjectId: row.ticketId,
        data: { reconcileState: verdict.state, reconcileDetail: verdict.detail },
      });
    }
  });
  return verdict.state;
}

/** Finishes a CREATING row whose order NetSuite has; removes one cut short long ago. True when finished. */
async function settleCreating(
  db: Db,
  row: SalesOrderRow,
  found: Awaited<ReturnType<typeof salesOrderByExternalId>>,
  now: Date,
) {
  if (found === null) {
    await db
      .delete(ticketSalesOrders)
      .where(
        and(
          eq(ticketSalesOrders.ticketId, row.ticketId),
          eq(ticketSalesOrders.state, 'CREATING'),
          lt(ticketSalesOrders.updatedAt, new Date(now.getTime() - CREATING_GRACE_MS)),
        ),
      );
    return false;
  }
  return db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.ticketId, row.ticketId)).for('update');
    const [locked] = await tx
      .select()
      .from(ticketSalesOrders)
      .where(eq(ticketSalesOrders.ticketId, row.ticketId))
      .for('update');
    if (!ticket || locked?.state !== 'CREATING') return false;
    await finishCreatedOrder(tx, ticket, null, found);
    return true;
  });
}

/**
 * Reads every order we made back from NetSuite (by its external id) and settles it: CREATING rows whose order
 * exists are finished (a crash between NetSuite's answer and ours), created and closed ones are flagged CHANGED or
 * MISSING when NetSuite's lines or total differ from what we sent or the order is gone. `companyIds`: only these
 * companies' tickets (a caller's reach); left out, all.
 */
export async function reconcileSalesOrders(
  db: Db,
  client: NetsuiteClient,
  options: { companyIds?: readonly number[]; now?: Date } = {},
): Promise<ReconcileSummary> {
  const now = options.now ?? new Date();
  const rows = await db
    .select({ order: ticketSalesOrders })
    .from(ticketSalesOrders)
    .innerJoin(tickets, eq(tickets.ticketId, ticketSalesOrders.ticketId))
    .where(options.companyIds === undefined ? undefined : inArray(tickets.companyId, [...options.companyIds]))
    .orderBy(ticketSalesOrders.ticketId);
  const summary: ReconcileSummary = { checked: 0, finished: 0, changed: 0, missing: 0 };
  for (const { order } of rows) {
    summary.checked += 1;
    const found = await salesOrderByExternalId(client, order.externalId);
    if (order.state === 'CREATING') {
      if (await settleCreating(db, order, found, now)) summary.finished += 1;
      continue;
    }
    const state = await reconcileOne(db, order, found);
    if (state === 'CHANGED') summary.changed += 1;
    if (state === 'MISSING') summary.missing += 1;
  }
  return summary;
}

/** salesOrders.reconcile: the caller's token (or the server's connection), over the companies they reach. */
export async function reconcileCall(
  deps: SalesOrderDeps,
  auth: AuthContext,
  body: { netSuiteAccessToken?: string | undefined },
): Promise<ReconcileSummary> {
  requirePermission(auth, NETSUITE_MANAGE);
  const scope = companyScope(auth, NETSUITE_MANAGE);
  const client =
    body.netSuiteAccessToken === undefined
      ? await deps.serverClient()
      : deps.clientFor(body.netSuiteAccessToken);
  return reconcileSalesOrders(deps.db, client, scope === 'ALL' ? {} : { companyIds: scope });
}

/**
 * On start: finishes the orders a crash cut short between NetSuite's answer and ours (rows still CREATING), with the
 * server's connection. Cheap when there are none (one indexed read, no NetSuite call), which is nearly always.
 */
export async function finishInterruptedOrders(
  deps: Pick<SalesOrderDeps, 'db' | 'serverClient'>,
): Promise<number> {
  const creating = await deps.db
    .select()
    .from(ticketSalesOrders)
    .where(eq(ticketSalesOrders.state, 'CREATING'))
    .orderBy(ticketSalesOrders.ticketId);
  if (creating.length === 0) return 0;
  const client = await deps.serverClient();
  const now = new Date();
  let finished = 0;
  for (const row of creating) {
    if (await settleCreating(deps.db, row, await salesOrderByExternalId(client, row.externalId), now))
      finished += 1;
  }
  return finished;
}
