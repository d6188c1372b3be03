import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, isExternal, requirePermission } from '../../http/authorize.ts';
import { forbidden, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { forms } from '../../platform/db/formsSchema.ts';
import { ticketAssets } from '../../platform/db/ticketsSchema.ts';
import { limitedByAccessGroups } from '../access/assetAccess.ts';
import { inAccessGroupsOf, readableTicket, writableTicket, type TicketRow } from '../tickets/ticketAccess.ts';

export const FORM_NOT_FOUND = 'Form not found.';
export const ASSET_NOT_ON_TICKET = 'This asset is not on the ticket.';
export const FORM_EDITORS_ONLY = "Only the provider's staff create and change form definitions.";

export type FormRow = typeof forms.$inferSelect;

/**
 * Which forms a caller may see: the provider's catalogue (no company) and the own forms of the companies of their
 * tickets:read grant. undefined: every form (a grant on every company).
 */
export function formScopeCondition(auth: AuthContext): SQL | undefined {
  requirePermission(auth, 'tickets:read');
  const companies = companyScope(auth, 'tickets:read');
  if (companies === 'ALL') return undefined;
  return companies.length === 0
    ? isNull(forms.companyId)
    : or(isNull(forms.companyId), sql`${forms.companyId} in ${companies}`);
}

/** A form the caller may see; another company's own form is the same 404 as a missing one. */
export async function readableForm(db: DbOrTx, auth: AuthContext, formId: number): Promise<FormRow> {
  const [form] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.formId, formId), formScopeCondition(auth)))
    .limit(1);
  if (!form) throw notFound(FORM_NOT_FOUND);
  return form;
}

/**
 * Form definitions are the provider's: its staff (tickets:write, not a customer's user) create and change them,
 * as they are what the provider's technicians work through on every customer's units.
 */
export function requireFormEditor(auth: AuthContext): void {
  requirePermission(auth, 'tickets:write');
  if (isExternal(auth)) throw forbidden(FORM_EDITORS_ONLY);
}

/** A form is filled on a ticket of its company, or of any company for the provider's catalogue. */
export function formFitsTicket(form: FormRow, ticket: TicketRow): boolean {
  return form.companyId === null || form.companyId === ticket.companyId;
}

/**
 * The access-group part for an asset: a customer's user limited by access groups sees the forms of a ticket's
 * assets inside their groups only (the ticket itself they see when one of its assets is).
 */
function assetInGroups(auth: AuthContext, assetId: SQL | typeof ticketAssets.assetId): SQL | undefined {
  return limitedByAccessGroups(auth) ? inAccessGroupsOf(auth.user.userId, assetId) : undefined;
}

/** The assets of a ticket whose forms the caller may see, by id. */
export async function visibleTicketAssetIds(
  db: DbOrTx,
  auth: AuthContext,
  ticketId: number,
): Promise<number[]> {
  const rows = await db
    .select({ assetId: ticketAssets.assetId })
    .from(ticketAssets)
    .where(and(eq(ticketAssets.ticketId, ticketId), assetInGroups(auth, ticketAssets.assetId)))
    .orderBy(asc(ticketAssets.assetId));
  return rows.map((row) => row.assetId);
}

async function requireVisibleAsset(db: DbOrTx, auth: AuthContext, ticketId: number, assetId: number) {
  const [row] = await db
    .select({ assetId: ticketAssets.assetId })
    .from(ticketAssets)
    .where(
      and(
        eq(ticketAssets.ticketId, ticketId),
        eq(ticketAssets.assetId, assetId),
        assetInGroups(auth, ticketAssets.assetId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(ASSET_NOT_ON_TICKET);
}

/** A ticket the caller may read, with one of its assets they may see forms of (404 otherwise). */
export async function readableTicketAsset(
  db: DbOrTx,
  auth: AuthContext,
  ticketId: number,
  assetId: number,
): Promise<TicketRow> {
  const ticket = await readableTicket(db, auth, ticketId);
  await requireVisibleAsset(db, auth, ticketId, assetId);
  return ticket;
}

/**
 * A ticket the caller may change the work of (tickets:write on its company, not frozen; the row locked for the
 * write's transaction), with one of its assets they may see.
 */
export async function writableTicketAsset(
  tx: DbOrTx,
  auth: AuthContext,
  ticketId: number,
  assetId: number,
): Promise<TicketRow> {
  const ticket = await writableTicket(tx, auth, ticketId);
  await requireVisibleAsset(tx, auth, ticketId, assetId);
  return ticket;
}
