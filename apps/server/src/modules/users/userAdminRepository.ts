import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CompanyScope } from '../../http/authorize.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetAccessGroups, users } from '../../platform/db/schema.ts';
import type { UserRow } from './usersRepository.ts';

/** The details an administrator edits; null clears an optional one. */
export interface UserDetails {
  name: string;
  email: string;
  role: string | null;
  primaryPhone: string | null;
  secondaryPhone: string | null;
  location: string | null;
}

export async function findUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId));
  return row;
}

export async function findUsers(db: DbOrTx, userIds: readonly number[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.userId, [...userIds]));
}

/**
 * Any user, deleted or not, holding the email (case-insensitively), other than `exceptUserId`. Deleted users
 * count: the unique index on lower(email) covers them, and their history stays attached to the address.
 */
export async function findUserWithEmail(
  db: DbOrTx,
  email: string,
  exceptUserId?: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        exceptUserId === undefined ? undefined : ne(users.userId, exceptUserId),
      ),
    );
  return row;
}

export async function listUsers(
  db: DbOrTx,
  filter: {
    scope: CompanyScope;
    userIds: number[] | undefined;
    companyIds: number[] | undefined;
    includeDeleted: boolean;
    includeSystem: boolean;
  },
): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (filter.scope !== 'ALL') conditions.push(inArray(users.companyId, filter.scope));
  if (filter.userIds) conditions.push(inArray(users.userId, filter.userIds));
  if (filter.companyIds) conditions.push(inArray(users.companyId, filter.companyIds));
  if (!filter.includeDeleted) conditions.push(eq(users.isDeleted, false));
  if (!filter.includeSystem) conditions.push(eq(users.isSystem, false));
  return db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.userId));
}

export async function insertUser(
  db: DbOrTx,
  values: UserDetails & { companyId: number; identityId: string; passwordHash: string | null },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('The user insert returned no row');
  return row;
}

/** Every user has one default access group: the assets an external user may see are added to it. */
export async function createDefaultAccessGroup(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .insert(assetAccessGroups)
    .values({ userId, isDefault: true })
    .returning({ assetAccessGroupId: assetAccessGroups.assetAccessGroupId });
  if (!row) throw new Error('The access group insert returned no row');
  return row.assetAccessGroupId;
}

export async function updateUser(
  db: DbOrTx,
  userId: number,
  changes: Partial<UserDetails> & { isDeleted?: boolean },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning();
  if (!row) throw new Error(`User ${userId} vanished during the update`);
  return row;
}

/** Locks a user row for the rest of the transaction, so that concurrent edits apply one after the other. */
export async function lockUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).for('update');
  return row;
}

/** Whether a database error is the unique index on lower(email): the race that the read-before-write misses. */
export function isDuplicateEmailError(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505' && current.message.includes('users_email_key'))
      return true;
    if ('constraint' in current && current.constraint === 'users_email_key') return true;
  }
  return false;
}
