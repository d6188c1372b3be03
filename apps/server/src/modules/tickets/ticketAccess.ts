import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  isExternal,
  requirePermission,
  scopeIncludes,
  type CompanyScope,
} from '../../http/authorize.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { accessGroupAssetsQuery, limitedByAccessGroups } from '../access/assetAccess.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';

export type TicketRow = typeof tickets.$inferSelect;

export const TICKET_NOT_FOUND = 'Ticket not found.';
export const TICKET_FROZEN = 'This ticket is frozen: unfreeze it before changing it.';

/** What only the provider's staff do with a ticket, by the field of the request that asks for it. */
export const PROVIDER_ONLY = {
  freeze: "only the provider's staff freeze or unfreeze a ticket.",
  billing: "only the provider's staff change a ticket's billing.",
  closedAtCreation: "only the provider's staff open a ticket that is already resolved or closed.",
  salesPrice: "only the provider's staff set the sales price of a part or service.",
  otherCompanyPeople: "only the provider's staff add or remove people of another company on a ticket.",
  pricedConsumable: "only the provider's staff change or remove a part or service once it has a sales price.",
  billedConsumable:
    "only the provider's staff change or remove a part or service once the ticket's sales order is created.",
} as const;

/**
 * Refuses (403 naming the field) an external user asking for what is the provider's business: billing and sales
 * prices feed the provider's accounting system (its orders and inventory need netsuite permissions no customer role
 * holds), and freezing is how the provider stops changes to a ticket it has billed or is billing.
 */
export function requireProviderStaff(
  auth: AuthContext,
  field: string,
  rule: keyof typeof PROVIDER_ONLY,
): void {
  if (!isExternal(auth)) return;
  const message = `${field}: ${PROVIDER_ONLY[rule]}`;
  throw new HttpError(403, 'FORBIDDEN', message, [{ field, message }]);
}

/**
 * Which tickets a caller may see: the companies of their tickets:read grant; an external user only EXTERNAL ones,
 * and of those only the ones with at least one asset in their access groups (a ticket without assets: none).
 */
export interface TicketVisibility {
  companies: CompanyScope;
  externalOnly: boolean;
  /** The user whose access groups limit the caller's tickets (an external user), or null: not limited. */
  groupsOfUserId: number | null;
}

export function ticketVisibility(auth: AuthContext): TicketVisibility {
  requirePermission(auth, 'tickets:read');
  return {
    companies: companyScope(auth, 'tickets:read'),
    externalOnly: isExternal(auth),
    groupsOfUserId: limitedByAccessGroups(auth) ? auth.user.userId : null,
  };
}

/** The columns of a tickets row (of whatever alias a query reads it by) that the access rule looks at. */
export interface TicketColumns {
  ticketId: SQL | Column;
  companyId: SQL | Column;
  visibility: SQL | Column;
}

/** The columns of the tickets table itself, for queries that read it by its own name. */
export const TICKET_COLUMNS: TicketColumns = {
  ticketId: tickets.ticketId,
  companyId: tickets.companyId,
  visibility: tickets.visibility,
};

/**
 * An asset id column within the user's access groups (or below an asset in them). The groups' assets are an array
 * computed once per statement (an InitPlan), not a subquery to join: the planner cannot guess how many assets a
 * recursive walk yields (it took them for all of ticket_assets and hashed the whole table), while `= any(array)`
 * is an index condition on ticket_assets' keys. `userId` may be a column of the outer query (who among some users
 * may see a ticket).
 */
export function inAccessGroupsOf(userId: number | SQL | Column, assetId: SQL | Column): SQL {
  return sql`${assetId} = any(array(${accessGroupAssetsQuery(userId)}))`;
}

/**
 * The access-group part of the rule: the ticket has an asset in the caller's groups (or below one), an indexed
 * EXISTS on ticket_assets; undefined for a caller who is not limited, so that their query carries no filter at all.
 */
export function accessGroupCondition(visibility: TicketVisibility, ticketId: SQL | Column): SQL | undefined {
  if (visibility.groupsOfUserId === null) return undefined;
  return sql`exists (select 1 from ticket_assets ta_access
                      where ta_access.ticket_id = ${ticketId}
                        and ${inAccessGroupsOf(visibility.groupsOfUserId, sql`ta_access.asset_id`)})`;
}

/**
 * THE rule of which tickets a caller may see, as SQL over a tickets row: company scope, EXTERNAL only for an
 * external user, and an asset in their access groups. Every read of tickets or of what hangs off them (comments,
 * attachments, consumables, time entries, history, problems, notifications) goes through it, directly or through
 * readableTicket. undefined: nothing to filter (provider staff with every company).
 */
export function ticketAccessCondition(
  visibility: TicketVisibility,
  ticket: TicketColumns = TICKET_COLUMNS,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (visibility.companies !== 'ALL') {
    conditions.push(
      visibility.companies.length === 0 ? sql`false` : sql`${ticket.companyId} in ${visibility.companies}`,
    );
  }
  if (visibility.externalOnly) conditions.push(sql`${ticket.visibility} = 'EXTERNAL'`);
  const groups = accessGroupCondition(visibility, ticket.ticketId);
  if (groups) conditions.push(groups);
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
}

/**
 * The company and visibility part of the rule for a row already in hand (no database): enough to tell apart
 * callers who cannot see a ticket at all, not those limited by access groups (ask ticketAccessCondition, or
 * visibleTicketIds, for them).
 */
export function canSeeTicket(
  visibility: Pick<TicketVisibility, 'companies' | 'externalOnly'>,
  ticket: { companyId: number; visibility: string },
): boolean {
  if (!scopeIncludes(visibility.companies, ticket.companyId)) return false;
  return !visibility.externalOnly || ticket.visibility === 'EXTERNAL';
}

/** Of the given tickets, those the caller may see (the whole rule, access groups included). */
export async function visibleTicketIds(
  db: DbOrTx,
  visibility: TicketVisibility,
  ticketIds: readonly number[],
): Promise<Set<number>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await db
    .select({ ticketId: tickets.ticketId })
    .from(tickets)
    .where(and(inArray(tickets.ticketId, [...ticketIds]), ticketAccessCondition(visibility)));
  return new Set(rows.map((row) => row.ticketId));
}

/** An external user never sees an INTERNAL comment (or its attachments, or its history entries). */
export function canSeeVisibility(auth: AuthContext, visibility: string): boolean {
  return !isExternal(auth) || visibility === 'EXTERNAL';
}

/**
 * Loads a ticket the caller may read (ticketAccessCondition). Missing, another company's and (for an external user)
 * an INTERNAL ticket or one without an asset in their access groups are the same 404, so that ids reveal nothing; a caller without tickets:read at all is a 403.
 */
export async function readableTicket(db: DbOrTx, auth: AuthContext, ticketId: number): Promise<TicketRow> {
  const visibility = ticketVisibility(auth);
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.ticketId, ticketId), ticketAccessCondition(visibility)))
    .limit(1);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}

/**
 * Loads a ticket the caller may change: readable, tickets:write on its company (403 otherwise: they can see it),
 * and not frozen unless `allowFrozen` (unfreezing itself). Pass the write's transaction: the row is locked.
 */
export async function writableTicket(
  tx: DbOrTx,
  auth: AuthContext,
  ticketId: number,
  options: { allowFrozen?: boolean } = {},
): Promise<TicketRow> {
  const ticket = await readableTicket(tx, auth, ticketId);
  requirePermission(auth, 'tickets:write');
  if (!scopeIncludes(companyScope(auth, 'tickets:write'), ticket.companyId)) {
    throw forbidden("You need the tickets:write permission on this ticket's company.");
  }
  const [locked] = await tx.select().from(tickets).where(eq(tickets.ticketId, ticketId)).for('update');
  if (!locked) throw notFound(TICKET_NOT_FOUND);
  if (locked.isFrozen && !options.allowFrozen) throw conflict(TICKET_FROZEN);
  return locked;
}

/**
 * readableTicket for a record reached through another one (a comment, an attachment, a consumable, a time entry):
 * a ticket the caller may not see makes the record `notFoundMessage` (404) too, so that its id reveals nothing. Only
 * that 404 is translated: a 403 (no tickets:read at all) and any other failure, a database error above all, pass
 * through as they are instead of passing for a missing record.
 */
export async function readableTicketOf(
  db: DbOrTx,
  auth: AuthContext,
  ticketId: number,
  notFoundMessage: string,
): Promise<TicketRow> {
  try {
    return await readableTicket(db, auth, ticketId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound(notFoundMessage);
    throw error;
  }
}

/**
 * writableTicket for a write that changes several tickets (a time entry moving between two, detected problems
 * leaving theirs for another). The rows are locked in ascending ticket id order, whatever the order of the
 * request, and every such write takes its locks in the same order of tables: the detected problems it moves first
 * (lockReadableProblems), then the tickets, then the tickets' own rows (a time entry, a comment). Two writes that
 * take the same rows in the same order queue one behind the other; in opposite orders each could hold a row the
 * other waits for, a deadlock PostgreSQL breaks by failing one of them (a 500).
 */
export async function writableTickets(
  tx: DbOrTx,
  auth: AuthContext,
  ticketIds: readonly number[],
): Promise<Map<number, TicketRow>> {
  const locked = new Map<number, TicketRow>();
  for (const ticketId of [...new Set(ticketIds)].sort((a, b) => a - b)) {
    locked.set(ticketId, await writableTicket(tx, auth, ticketId));
  }
  return locked;
}
