import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  isExternal,
  requirePermission,
  scopeIncludes,
  type CompanyScope,
} from '../../http/authorize.ts';
import { conflict, forbidden, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';

export type TicketRow = typeof tickets.$inferSelect;

export const TICKET_NOT_FOUND = 'Ticket not found.';
export const TICKET_FROZEN = 'This ticket is frozen: unfreeze it before changing it.';

/** Which tickets a caller may see: the companies of their tickets:read grant; an external user only EXTERNAL ones. */
export interface TicketVisibility {
  companies: CompanyScope;
  externalOnly: boolean;
}

export function ticketVisibility(auth: AuthContext): TicketVisibility {
  requirePermission(auth, 'tickets:read');
  return { companies: companyScope(auth, 'tickets:read'), externalOnly: isExternal(auth) };
}

export function canSeeTicket(
  visibility: TicketVisibility,
  ticket: { companyId: number; visibility: string },
): boolean {
  if (!scopeIncludes(visibility.companies, ticket.companyId)) return false;
  return !visibility.externalOnly || ticket.visibility === 'EXTERNAL';
}

/** An external user never sees an INTERNAL comment (or its attachments, or its history entries). */
export function canSeeVisibility(auth: AuthContext, visibility: string): boolean {
  return !isExternal(auth) || visibility === 'EXTERNAL';
}

/**
 * Loads a ticket the caller may read. Missing, another company's and (for an external user) an INTERNAL ticket
 * are the same 404, so that ids reveal nothing; a caller without tickets:read at all is a 403.
 */
export async function readableTicket(db: DbOrTx, auth: AuthContext, ticketId: number): Promise<TicketRow> {
  const visibility = ticketVisibility(auth);
  const [ticket] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId)).limit(1);
  if (!ticket || !canSeeTicket(visibility, ticket)) throw notFound(TICKET_NOT_FOUND);
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
