import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, isExternal } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companies, roleGrants, userRoles, users } from '../../platform/db/schema.ts';
import { loadPermissions } from '../users/permissionsRepository.ts';
import { canSeeTicket } from './ticketAccess.ts';

/** How many people the assignee picker offers at once: it narrows by search. */
export const ASSIGNABLE_LIMIT = 50;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Active people who could read this ticket: a tickets:read grant reaching its company and, for an external user,
 * an EXTERNAL ticket. Only holders of the permission for some company are loaded, and each one's grants once.
 */
async function readersAmong(
  db: DbOrTx,
  ticket: { companyId: number; visibility: string },
  narrow: { userIds?: readonly number[]; search?: string },
): Promise<(AuthContext & { companyName: string })[]> {
  const conditions = [
    eq(roleGrants.permission, 'tickets:read'),
    eq(users.isDeleted, false),
    eq(users.isSystem, false),
  ];
  if (narrow.userIds) conditions.push(inArray(users.userId, [...narrow.userIds]));
  if (narrow.search) {
    const pattern = `%${escapeLike(narrow.search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  const rows = await db
    .selectDistinct({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.companyId, users.companyId))
    .innerJoin(userRoles, eq(userRoles.userId, users.userId))
    .innerJoin(roleGrants, eq(roleGrants.roleId, userRoles.roleId))
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.userId));
  const readers: (AuthContext & { companyName: string })[] = [];
  for (const row of rows) {
    const permissions = await loadPermissions(db, row.user.userId, row.user.companyId);
    const auth = { user: row.user, permissions };
    const visibility = {
      companies: companyScope(auth, 'tickets:read'),
      externalOnly: isExternal(auth),
    };
    if (canSeeTicket(visibility, ticket)) {
      readers.push({ ...auth, companyName: row.companyName });
    }
  }
  return readers;
}

/** The people the picker offers for a ticket, narrowed by a search of name or email. */
export async function assignableUsers(
  db: DbOrTx,
  ticket: { companyId: number; visibility: string },
  search: string | undefined,
) {
  const readers = await readersAmong(db, ticket, search ? { search } : {});
  return readers.slice(0, ASSIGNABLE_LIMIT).map((reader) => ({
    userId: reader.user.userId,
    name: reader.user.name,
    email: reader.user.email,
    companyName: reader.companyName,
  }));
}

/** Refuses (400 naming the field) any user who is not active or could not read the ticket. */
export async function requireAssignable(
  db: DbOrTx,
  ticket: { companyId: number; visibility: string },
  userIds: readonly number[],
  field: string,
): Promise<void> {
  if (userIds.length === 0) return;
  const readers = new Set((await readersAmong(db, ticket, { userIds })).map((reader) => reader.user.userId));
  const refused = userIds.find((userId) => !readers.has(userId));
  if (refused !== undefined) {
    throw badField(
      field,
      `${field}: user ${refused} cannot be assigned: not an active user who may read this ticket.`,
    );
  }
}
