import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import type { Db } from '../../platform/db/database.ts';
import { ticketSalesOrders } from '../../platform/db/accountingSchema.ts';
import { ticketConsumables, tickets, timeEntries } from '../../platform/db/ticketsSchema.ts';
import { loadConfig } from '../../config.ts';
import { loadPermissions } from '../users/permissionsRepository.ts';
import { findActiveUserByIdentityId } from '../users/usersRepository.ts';
import type { fakeNetsuite } from './fakeNetsuiteClient.ts';
import type { SalesOrderDeps } from './salesOrderRecords.ts';

/** The caller as the route would see them. */
export async function authOf(db: Db, user: { identityId: string }): Promise<AuthContext> {
  const row = await findActiveUserByIdentityId(db, user.identityId);
  if (!row) throw new Error(`no user ${user.identityId}`);
  return { user: row, permissions: await loadPermissions(db, row.userId, row.companyId) };
}

/** The service's dependencies on an in-memory NetSuite: every token gets its client. */
export function fakeDeps(db: Db, netsuite: ReturnType<typeof fakeNetsuite>): SalesOrderDeps {
  return {
    db,
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    clientFor: () => netsuite.client,
    serverClient: () => Promise.resolve(netsuite.client),
  };
}

/**
 * Makes a ticket pending a sales order with a priced part (2 × 150), an unpriced one when `blocked`, and 90 minutes
 * of field labor plus 30 of travel by `userId`.
 */
export async function pendingTicket(
  db: Db,
  ticketId: number,
  userId: number,
  options: { blocked?: boolean } = {},
) {
  await db
    .update(tickets)
    .set({ netSuiteBillingState: 'PENDING_SALES_ORDER', isBillable: true })
    .where(eq(tickets.ticketId, ticketId));
  await db.insert(ticketConsumables).values([
    { ticketId, type: 'PART', itemId: 'PRT-10234', displayName: 'Fan motor', quantity: 2, salesPrice: 150 },
    ...(options.blocked
      ? [
          {
            ticketId,
            type: 'SERVICE',
            itemId: 'SVC-COIL',
            displayName: 'Coil cleaning',
            quantity: 1,
            salesPrice: null,
          },
        ]
      : []),
  ]);
  await db.insert(timeEntries).values([
    { ticketId, userId, laborCodeValue: 0, date: '2026-11-20', durationMinutes: 90 },
    { ticketId, userId, laborCodeValue: 3, date: '2026-11-20', durationMinutes: 30 },
  ]);
}

export async function salesOrderRow(db: Db, ticketId: number) {
  const [row] = await db.select().from(ticketSalesOrders).where(eq(ticketSalesOrders.ticketId, ticketId));
  return row ?? null;
}

export async function ticketRow(db: Db, ticketId: number) {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
  if (!row) throw new Error(`no ticket ${ticketId}`);
  return row;
}
