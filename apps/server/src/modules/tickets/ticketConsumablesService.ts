import { asc, eq, inArray } from 'drizzle-orm';
import {
  ticketConsumableTypeSchema,
  type BodyOf,
  type TicketConsumable,
  type contract,
} from '@kelvin/contract';
import { consumableLockForCustomer, defaultSalesPrice, partsAtNoCharge } from '@kelvin/domain';
import { ticketBillingCoverage } from '../coverage/ticketBilling.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { ticketConsumables } from '../../platform/db/ticketsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  readableTicket,
  readableTicketOf,
  requireProviderStaff,
  writableTicket,
  type TicketRow,
} from './ticketAccess.ts';
import { touchTicket } from './ticketCommentsRepository.ts';

type ConsumableRow = typeof ticketConsumables.$inferSelect;

export const CONSUMABLE_NOT_FOUND = 'Consumable not found.';

export function presentConsumable(row: ConsumableRow): TicketConsumable {
  return {
    ticketConsumableId: row.ticketConsumableId,
    ticketId: row.ticketId,
    type: ticketConsumableTypeSchema.parse(row.type),
    itemId: row.itemId,
    displayName: row.displayName,
    quantity: row.quantity,
    salesPrice: row.salesPrice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every ticket asked for must be readable: one that is not is a 404, as if it did not exist. */
export async function listConsumables(
  db: Db,
  auth: AuthContext,
  ticketIds: readonly number[],
): Promise<{ content: TicketConsumable[] }> {
  const unique = [...new Set(ticketIds)];
  for (const ticketId of unique) await readableTicket(db, auth, ticketId);
  const rows = await db
    .select()
    .from(ticketConsumables)
    .where(inArray(ticketConsumables.ticketId, unique))
    .orderBy(asc(ticketConsumables.ticketId), asc(ticketConsumables.ticketConsumableId));
  return { content: rows.map(presentConsumable) };
}

async function recordConsumableEvent(
  tx: DbOrTx,
  auth: AuthContext,
  ticket: TicketRow,
  name: string,
  row: ConsumableRow,
) {
  await touchTicket(tx, ticket.ticketId);
  await recordEvent(tx, {
    name,
    actorUserId: auth.user.userId,
    companyId: ticket.companyId,
    subjectType: 'ticket',
    subjectId: ticket.ticketId,
    data: {
      ticketConsumableId: row.ticketConsumableId,
      type: row.type,
      displayName: row.displayName,
      quantity: row.quantity,
      salesPrice: row.salesPrice,
    },
  });
}

/**
 * A consumable of a ticket the caller may change (frozen: 409); one they cannot read is a 404. It is read again
 * and locked once its ticket is (tickets first, then their rows: see writableTickets): the checks on it, the sales
 * price a customer must leave as it is above all, then see the row as it is, not as it was before a write that
 * committed meanwhile.
 */
async function writableConsumable(tx: DbOrTx, auth: AuthContext, ticketConsumableId: number) {
  const byId = eq(ticketConsumables.ticketConsumableId, ticketConsumableId);
  const [seen] = await tx.select().from(ticketConsumables).where(byId);
  if (!seen) throw notFound(CONSUMABLE_NOT_FOUND);
  await readableTicketOf(tx, auth, seen.ticketId, CONSUMABLE_NOT_FOUND);
  const ticket = await writableTicket(tx, auth, seen.ticketId);
  const [row] = await tx.select().from(ticketConsumables).where(byId).for('update');
  if (!row || row.ticketId !== ticket.ticketId) throw notFound(CONSUMABLE_NOT_FOUND);
  return { row, ticket };
}

/**
 * Refuses (403 naming the field) an external user changing or removing a consumable the provider has priced, or any
 * consumable once the ticket's sales order exists: the quantity and the line are what the provider bills, so the
 * billed amount is the provider's to change. Checked on the row as it is locked (writableConsumable).
 */
function requireCustomerMayChange(
  auth: AuthContext,
  ticket: TicketRow,
  row: ConsumableRow,
  field: string,
): void {
  if (!isExternal(auth)) return;
  const lock = consumableLockForCustomer(row, ticket);
  if (lock === 'billed') requireProviderStaff(auth, field, 'billedConsumable');
  if (lock === 'priced') requireProviderStaff(auth, field, 'pricedConsumable');
}

/** The first field of an update that changes the line itself (not its price), or null when none does. */
function changedLineField(
  before: ConsumableRow,
  body: BodyOf<typeof contract.ticketsConsumablesUpdate>,
): string | null {
  if (body.quantity !== before.quantity) return 'body.quantity';
  if (body.type !== before.type) return 'body.type';
  if ((body.itemId ?? null) !== before.itemId) return 'body.itemId';
  if (body.displayName !== before.displayName) return 'body.displayName';
  return null;
}

export function createConsumable(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.ticketsConsumablesCreate>,
): Promise<TicketConsumable> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    // A customer may list what was used; the price is the provider's (a null one is the accounting blocker).
    if (body.salesPrice !== null) requireProviderStaff(auth, 'body.salesPrice', 'salesPrice');
    // A part on a ticket whose parts are at no charge (a contract covering parts, a warranty) costs 0 unless priced.
    const partsFree = partsAtNoCharge(await ticketBillingCoverage(tx, ticket));
    const [row] = await tx
      .insert(ticketConsumables)
      .values({
        ticketId: ticket.ticketId,
        type: body.type,
        itemId: body.itemId ?? null,
        displayName: body.displayName,
        quantity: body.quantity,
        salesPrice: body.salesPrice ?? defaultSalesPrice(body.type, partsFree),
        createdBy: auth.user.userId,
      })
      .returning();
    if (!row) throw new Error('consumable not inserted');
    await recordConsumableEvent(tx, auth, ticket, 'tickets.consumables.create', row);
    return presentConsumable(row);
  });
}

export function updateConsumable(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.ticketsConsumablesUpdate>,
): Promise<TicketConsumable> {
  return db.transaction(async (tx) => {
    const { row: before, ticket } = await writableConsumable(tx, auth, body.ticketConsumableId);
    if (body.salesPrice !== before.salesPrice) requireProviderStaff(auth, 'body.salesPrice', 'salesPrice');
    const changed = changedLineField(before, body);
    if (changed !== null) requireCustomerMayChange(auth, ticket, before, changed);
    const [row] = await tx
      .update(ticketConsumables)
      .set({
        type: body.type,
        itemId: body.itemId ?? null,
        displayName: body.displayName,
        quantity: body.quantity,
        salesPrice: body.salesPrice,
        updatedAt: new Date(),
      })
      .where(eq(ticketConsumables.ticketConsumableId, body.ticketConsumableId))
      .returning();
    if (!row) throw notFound(CONSUMABLE_NOT_FOUND);
    await recordConsumableEvent(tx, auth, ticket, 'tickets.consumables.update', row);
    return presentConsumable(row);
  });
}

export function deleteConsumable(
  db: Db,
  auth: AuthContext,
  ticketConsumableId: number,
): Promise<{ ticketConsumableId: number }> {
  return db.transaction(async (tx) => {
    const { row, ticket } = await writableConsumable(tx, auth, ticketConsumableId);
    requireCustomerMayChange(auth, ticket, row, 'body.ticketConsumableId');
    await tx.delete(ticketConsumables).where(eq(ticketConsumables.ticketConsumableId, ticketConsumableId));
    await recordConsumableEvent(tx, auth, ticket, 'tickets.consumables.delete', row);
    return { ticketConsumableId };
  });
}
