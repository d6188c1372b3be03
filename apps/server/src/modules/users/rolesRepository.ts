import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { roleGrants, roles, userRoles } from '../../platform/db/schema.ts';

export interface RoleWithGrants {
  roleId: number;
  name: string;
  description: string;
  grants: { permission: string; attributes: unknown }[];
}

function withGrants(
  roleRows: (typeof roles.$inferSelect)[],
  grantRows: { roleId: number; permission: string; attributes: unknown }[],
): RoleWithGrants[] {
  return roleRows.map((role) => ({
    ...role,
    grants: grantRows
      .filter((grant) => grant.roleId === role.roleId)
      .map(({ permission, attributes }) => ({ permission, attributes })),
  }));
}

/** Roles with their grants, by name; all of them, or the given ids. */
export async function listRoles(db: DbOrTx, roleIds?: readonly number[]): Promise<RoleWithGrants[]> {
  if (roleIds?.length === 0) return [];
  const roleRows = await db
    .select()
    .from(roles)
    .where(roleIds ? inArray(roles.roleId, [...roleIds]) : undefined)
    .orderBy(asc(roles.name));
  const grantRows = await db
    .select({
      roleId: roleGrants.roleId,
      permission: roleGrants.permission,
      attributes: roleGrants.attributes,
    })
    .from(roleGrants)
    .where(
      inArray(
        roleGrants.roleId,
        roleRows.map((role) => role.roleId),
      ),
    );
  return withGrants(roleRows, grantRows);
}

export async function findRole(db: DbOrTx, roleId: number): Promise<RoleWithGrants | undefined> {
  const [role] = await listRoles(db, [roleId]);
  return role;
}

/** Each user's role ids; users without roles are absent from the map. */
export async function roleIdsOfUsers(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select()
    .from(userRoles)
    .where(inArray(userRoles.userId, [...userIds]));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.roleId]);
  return result;
}

/** Gives a user a role; false when they already had it. */
export async function addUserRole(db: DbOrTx, userId: number, roleId: number): Promise<boolean> {
  const inserted = await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** Takes a role from a user; false when they did not have it. */
export async function removeUserRole(db: DbOrTx, userId: number, roleId: number): Promise<boolean> {
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
    .returning();
  return deleted.length > 0;
}
