import { eq } from 'drizzle-orm';
import type { BodyOf, Ticket, ticketsEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal, requireCompanyAccess } from '../../http/authorize.ts';
import { badField, forbidden } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { tickets, ticketStatusChanges } from '../../platform/db/ticketsSchema.ts';
import { assetVisibility, canSeeAsset, limitedByAccessGroups } from '../access/assetAccess.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { readableTicket, requireProviderStaff, writableTicket, type TicketRow } from './ticketAccess.ts';
import { loadTicketEnums, requireEnumValue } from './ticketEnums.ts';
import { billingStateOf, presentTicket } from './ticketPresenter.ts';
import { billingStateAfter, closedAtAfter, ticketStateOf } from './ticketRules.ts';
import { refreshTicketSearch } from './ticketSearch.ts';
import { createTicket } from './ticketWrite.ts';

type Endpoints = typeof ticketsEndpoints;

/** The audit event of a change to a ticket, with who made it and the ticket's company. */
export function ticketEvent(
  tx: DbOrTx,
  auth: AuthContext,
  ticket: { ticketId: number; companyId: number },
  name: string,
  data: Record<string, unknown>,
): Promise<void> {
  return recordEvent(tx, {
    name,
    actorUserId: auth.user.userId,
    companyId: ticket.companyId,
    subjectType: 'ticket',
    subjectId: ticket.ticketId,
    data,
  });
}

/** Refuses (404, as for any asset the caller cannot see) assets outside the caller's reach. */
export async function requireVisibleAssets(
  tx: DbOrTx,
  auth: AuthContext,
  companyId: number,
  assetIds: readonly number[],
  field: string,
): Promise<void> {
  if (assetIds.length === 0) return;
  const visibility = await assetVisibility(tx, auth, 'tickets:write');
  const hidden = assetIds.find((assetId) => !canSeeAsset(visibility, { assetId, companyId }));
  if (hidden !== undefined) {
    throw badField(field, `${field}: asset ${hidden} is not an asset of the ticket's company.`);
  }
}

export const NO_ASSET_FOR_LIMITED_USER =
  'body.assetIds: choose at least one asset: you see a ticket through its assets in your access groups.';

export async function getTicket(db: Db, auth: AuthContext, ticketId: number): Promise<Ticket> {
  const ticket = await readableTicket(db, auth, ticketId);
  return presentTicket(db, ticket, undefined, auth);
}

export async function createTicketCall(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['ticketsCreate']>,
): Promise<Ticket> {
  // tickets:write reaching the company: 403 without the permission, 404 for another company (reveals nothing).
  requireCompanyAccess(auth, 'tickets:write', body.companyId, 'Company not found.');
  refuseProviderFieldsOnCreate(auth, body);
  // They see a ticket only through its assets: one without any would be lost to them as soon as it was made.
  if (body.assetIds.length === 0 && limitedByAccessGroups(auth)) {
    throw badField('body.assetIds', NO_ASSET_FOR_LIMITED_USER);
  }
  return db.transaction(async (tx) => {
    await requireVisibleAssets(tx, auth, body.companyId, body.assetIds, 'body.assetIds');
    const row = await createTicket(tx, auth, body);
    return presentTicket(tx, row, undefined, auth);
  });
}

/**
 * What an external user may not ask for on a new ticket: billing (a billable ticket, a purchase order number) and
 * a ticket already resolved or closed, which would skip the provider's work on it. Their defaults are allowed.
 */
function refuseProviderFieldsOnCreate(auth: AuthContext, body: BodyOf<Endpoints['ticketsCreate']>): void {
  if (body.isBillable === true) requireProviderStaff(auth, 'body.isBillable', 'billing');
  if (body.purchaseOrderNumber) requireProviderStaff(auth, 'body.purchaseOrderNumber', 'billing');
  if (body.statusEnumValue !== undefined && ticketStateOf(body.statusEnumValue) !== 'OPEN') {
    requireProviderStaff(auth, 'body.statusEnumValue', 'closedAtCreation');
  }
}

/** The billing fields of tickets.update: an external user may send them unchanged, not change them. */
const BILLING_FIELDS = ['isBillable', 'purchaseOrderNumber', 'salesOrderNumber'] as const;

const UPDATABLE = [
  ['title', 'title'],
  ['description', 'description'],
  ['estimatedDuration', 'estimatedDuration'],
  ['severityEnumValue', 'severityValue'],
  ['priorityEnumValue', 'priorityValue'],
  ['typeEnumValue', 'typeValue'],
  ['sourceEnumValue', 'sourceValue'],
  ['externalTicket', 'externalTicket'],
  ['isBillable', 'isBillable'],
  ['purchaseOrderNumber', 'purchaseOrderNumber'],
  ['salesOrderNumber', 'salesOrderNumber'],
  ['visibility', 'visibility'],
] as const;

type UpdateBody = BodyOf<Endpoints['ticketsUpdate']>;

/** Changes the given fields; an unchanged field is not written nor recorded. */
export async function updateTicket(db: Db, auth: AuthContext, body: UpdateBody): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const before = await writableTicket(tx, auth, body.ticketId);
    const enums = await loadTicketEnums(tx);
    requireEnumValue(enums, 'ticketSeverity', 'body.severityEnumValue', body.severityEnumValue);
    requireEnumValue(enums, 'ticketPriority', 'body.priorityEnumValue', body.priorityEnumValue);
    requireEnumValue(enums, 'ticketType', 'body.typeEnumValue', body.typeEnumValue);
    requireEnumValue(enums, 'ticketSource', 'body.sourceEnumValue', body.sourceEnumValue);
    if (isExternal(auth) && body.visibility !== undefined && body.visibility !== before.visibility) {
      throw forbidden("Only the provider's staff choose a ticket's visibility.");
    }

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set: Partial<typeof tickets.$inferInsert> = {};
    for (const [field, column] of UPDATABLE) {
      const next = body[field];
      if (next === undefined) continue;
      const previous = before[column];
      if (previous === next) continue;
      changes[field] = { from: previous, to: next };
      Object.assign(set, { [column]: next });
    }
    for (const field of BILLING_FIELDS) {
      if (changes[field]) requireProviderStaff(auth, `body.${field}`, 'billing');
    }
    if (set.isBillable !== undefined) {
      const billing = billingStateAfter(billingStateOf(before.netSuiteBillingState), set.isBillable);
      if (billing !== before.netSuiteBillingState) {
        set.netSuiteBillingState = billing;
        changes.netSuiteBillingState = { from: before.netSuiteBillingState, to: billing };
      }
    }
    if (Object.keys(changes).length === 0) return presentTicket(tx, before, enums, auth);

    const [after] = await tx
      .update(tickets)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(tickets.ticketId, before.ticketId))
      .returning();
    if (!after) throw new Error('ticket not updated');
    if (changes.title || changes.description) await refreshTicketSearch(tx, after.ticketId);
    await ticketEvent(tx, auth, after, 'tickets.update', { changes });
    return presentTicket(tx, after, enums, auth);
  });
}

/** Moves a ticket to a status: ticketState follows, closedAt is set on closing and cleared on leaving CLOSED. */
export async function changeTicketStatus(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['ticketsChangeStatus']>,
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const before = await writableTicket(tx, auth, body.ticketId);
    const enums = await loadTicketEnums(tx);
    requireEnumValue(enums, 'ticketStatus', 'body.statusEnumValue', body.statusEnumValue);
    if (before.statusValue === body.statusEnumValue) return presentTicket(tx, before, enums, auth);
    const now = new Date();
    const ticketState = ticketStateOf(body.statusEnumValue);
    const closedAt = closedAtAfter(before, ticketState, now);
    const [after] = await tx
      .update(tickets)
      .set({ statusValue: body.statusEnumValue, ticketState, closedAt, updatedAt: now })
      .where(eq(tickets.ticketId, before.ticketId))
      .returning();
    if (!after) throw new Error('ticket not updated');
    await tx.insert(ticketStatusChanges).values({
      ticketId: after.ticketId,
      statusValue: body.statusEnumValue,
      changedAt: now,
      changedBy: auth.user.userId,
    });
    await ticketEvent(tx, auth, after, 'tickets.changeStatus', {
      from: before.statusValue,
      to: after.statusValue,
      changes: {
        statusEnumValue: { from: before.statusValue, to: after.statusValue },
        ticketState: { from: before.ticketState, to: after.ticketState },
        closedAt: { from: before.closedAt?.toISOString() ?? null, to: after.closedAt?.toISOString() ?? null },
      },
    });
    return presentTicket(tx, after, enums, auth);
  });
}

/** Freezes (no further change) or unfreezes a ticket; unfreezing is the one change a frozen ticket takes. */
export async function setTicketFrozen(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['ticketsSetFrozen']>,
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const before: TicketRow = await writableTicket(tx, auth, body.ticketId, { allowFrozen: !body.isFrozen });
    requireProviderStaff(auth, 'body.isFrozen', 'freeze');
    if (before.isFrozen === body.isFrozen) return presentTicket(tx, before, undefined, auth);
    const [after] = await tx
      .update(tickets)
      .set({ isFrozen: body.isFrozen, updatedAt: new Date() })
      .where(eq(tickets.ticketId, before.ticketId))
      .returning();
    if (!after) throw new Error('ticket not updated');
    await ticketEvent(tx, auth, after, 'tickets.setFrozen', {
      isFrozen: body.isFrozen,
      changes: { isFrozen: { from: before.isFrozen, to: body.isFrozen } },
    });
    return presentTicket(tx, after, undefined, auth);
  });
}
