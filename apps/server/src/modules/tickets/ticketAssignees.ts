import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { attributeGrantSchema, type Grant } from '@kelvin/contract';
import { EXTERNAL_IDENTITY_PREFIX, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, isExternal } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companies, roleGrants, userRoles, users } from '../../platform/db/schema.ts';
import { OWN_COMPANY } from '../users/permissionsRepository.ts';
import { canSeeTicket, inAccessGroupsOf, requireProviderStaff } from './ticketAccess.ts';

/** How many people the picker offers at once: it narrows by search. */
export const ASSIGNABLE_LIMIT = 50;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const storedGrantsSchema = z.array(z.record(z.string(), attributeGrantSchema));

/**
 * A tickets:read grant that reaches the company, in SQL: every company, the company's id (stored as a number or
 * a string), or the holder's own company when that is the one. The same reach companyScope reads from a grant.
 */
function grantReaches(companyId: number) {
  const values = sql`${roleGrants.attributes}->'companyId'->'values'`;
  return sql`(${roleGrants.attributes}->'companyId'->>'type' = 'ALL'
    or ${values} @> jsonb_build_array(${companyId}::int)
    or ${values} @> jsonb_build_array(${String(companyId)}::text)
    or (${values} @> jsonb_build_array(${OWN_COMPANY}::text) and ${users.companyId} = ${companyId}))`;
}

/**
 * The ticket whose readers are asked for: a stored one (its ticket_assets decide), or one about to be created,
 * which has no id yet (the asset ids it will get decide).
 */
export type TicketForReaders = { companyId: number; visibility: string } & (
  { ticketId: number } | { assetIds: readonly number[] }
);

/**
 * An external user (isExternalUser: an identity of the external provider, outside the provider's own company), in
 * SQL over the users table. External users are the ones limitedByAccessGroups limits.
 */
const externalCandidate = sql`(${users.identityId} like ${`${escapeLike(EXTERNAL_IDENTITY_PREFIX)}%`}
  and ${users.companyId} <> ${PROVIDER_COMPANY_ID})`;

/**
 * The candidate (users row) has one of the ticket's assets in their access groups, or below one: the tickets' rule
 * (accessGroupCondition) asked of each candidate instead of the caller. A ticket to be created without assets: none.
 */
function candidateReachesAssets(ticket: TicketForReaders): SQL {
  if ('ticketId' in ticket) {
    return sql`exists (select 1 from ticket_assets ta_reader
                        where ta_reader.ticket_id = ${ticket.ticketId}
                          and ${inAccessGroupsOf(users.userId, sql`ta_reader.asset_id`)})`;
  }
  if (ticket.assetIds.length === 0) return sql`false`;
  const ids = sql.join(
    ticket.assetIds.map((assetId) => sql`${assetId}`),
    sql`, `,
  );
  return sql`exists (select 1 from unnest(array[${ids}]::int[]) as new_asset(asset_id)
                      where ${inAccessGroupsOf(users.userId, sql`new_asset.asset_id`)})`;
}

/**
 * Active people who could read this ticket: a tickets:read grant reaching its company and, for an external user,
 * an EXTERNAL ticket with an asset in their access groups. One query, bounded by `limit`: the database keeps only
 * the holders of such a grant (no external user for an INTERNAL ticket, nor one whose groups miss its assets), in
 * name order, with their tickets:read grants; canSeeTicket then reads those grants as every access check does, so
 * that the answer never offers someone the rule refuses (who could not read the ticket nor be notified of it).
 */
async function readersAmong(
  db: DbOrTx,
  ticket: TicketForReaders,
  narrow: { userIds?: readonly number[]; search?: string; companyId?: number },
  limit: number,
): Promise<(AuthContext & { companyName: string })[]> {
  const conditions = [
    eq(roleGrants.permission, 'tickets:read'),
    grantReaches(ticket.companyId),
    eq(users.isDeleted, false),
    eq(users.isSystem, false),
    ticket.visibility === 'EXTERNAL'
      ? sql`(not ${externalCandidate} or ${candidateReachesAssets(ticket)})`
      : sql`not ${externalCandidate}`,
  ];
  if (narrow.userIds) conditions.push(inArray(users.userId, [...narrow.userIds]));
  if (narrow.companyId !== undefined) conditions.push(eq(users.companyId, narrow.companyId));
  if (narrow.search) {
    const pattern = `%${escapeLike(narrow.search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({
      user: users,
      companyName: companies.name,
      grants: sql<unknown>`jsonb_agg(${roleGrants.attributes})`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.companyId, users.companyId))
    .innerJoin(userRoles, eq(userRoles.userId, users.userId))
    .innerJoin(roleGrants, eq(roleGrants.roleId, userRoles.roleId))
    .where(and(...conditions))
    .groupBy(users.userId, companies.companyId)
    .orderBy(asc(users.name), asc(users.userId))
    .limit(limit);
  const readers: (AuthContext & { companyName: string })[] = [];
  for (const row of rows) {
    const grants: Grant[] = storedGrantsSchema.parse(row.grants).map((attributes) => ({
      attributes: Object.fromEntries(
        Object.entries(attributes).map(([name, grant]) => [
          name,
          grant.type === 'ALL'
            ? grant
            : {
                type: 'VALUES' as const,
                values: grant.values.map((value) => (value === OWN_COMPANY ? row.user.companyId : value)),
              },
        ]),
      ),
    }));
    const auth = { user: row.user, permissions: { 'tickets:read': grants } };
    const visibility = { companies: companyScope(auth, 'tickets:read'), externalOnly: isExternal(auth) };
    if (canSeeTicket(visibility, ticket)) readers.push({ ...auth, companyName: row.companyName });
  }
  return readers;
}

/**
 * The people the picker offers for a ticket, narrowed by a search of name or email, and to `companyId` when given:
 * an external user is offered only their own company's people, the only ones they may add.
 */
export async function assignableUsers(
  db: DbOrTx,
  ticket: TicketForReaders,
  search: string | undefined,
  companyId?: number,
) {
  const narrow = { ...(search ? { search } : {}), ...(companyId === undefined ? {} : { companyId }) };
  const readers = await readersAmong(db, ticket, narrow, ASSIGNABLE_LIMIT);
  return readers.map((reader) => ({
    userId: reader.user.userId,
    name: reader.user.name,
    email: reader.user.email,
    companyName: reader.companyName,
  }));
}

/** Refuses (400 naming the field) any user who is not active or could not read the ticket. */
export async function requireAssignable(
  db: DbOrTx,
  ticket: TicketForReaders,
  userIds: readonly number[],
  field: string,
): Promise<void> {
  if (userIds.length === 0) return;
  const found = await readersAmong(db, ticket, { userIds }, userIds.length);
  const readers = new Set(found.map((reader) => reader.user.userId));
  const refused = userIds.find((userId) => !readers.has(userId));
  if (refused !== undefined) {
    throw badField(
      field,
      `${field}: user ${refused} cannot be assigned: not an active user who may read this ticket.`,
    );
  }
}

/**
 * Refuses (403 naming the field) an external user naming anyone outside their own company, to add or to remove:
 * who works a ticket for the provider (its owner, its workers) is the provider's dispatch, so a customer
 * administrator who may change the ticket still names only their own people. A user id that does not exist is
 * refused the same way, so that the answer tells nothing about ids of other companies.
 */
export async function requireOwnCompanyPeople(
  db: DbOrTx,
  auth: AuthContext,
  userIds: readonly number[],
  field: string,
): Promise<void> {
  if (!isExternal(auth) || userIds.length === 0) return;
  const found = await db
    .select({ userId: users.userId, companyId: users.companyId })
    .from(users)
    .where(inArray(users.userId, [...new Set(userIds)]));
  const companyOf = new Map(found.map((row) => [row.userId, row.companyId]));
  if (userIds.some((userId) => companyOf.get(userId) !== auth.user.companyId)) {
    requireProviderStaff(auth, field, 'otherCompanyPeople');
  }
}
