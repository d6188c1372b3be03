import { z } from 'zod';
import { attributeGrantSchema, type Role } from '@kelvin/contract';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  requireCompanyAccess,
  requirePermission,
  scopeIncludes,
} from '../../http/authorize.ts';
import { badField, forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { OWN_COMPANY } from './permissionsRepository.ts';
import {
  addUserRole,
  findRole,
  listRoles,
  removeUserRole,
  roleIdsOfUsers,
  type RoleWithGrants,
} from './rolesRepository.ts';
import { findUser, findUsers } from './userAdminRepository.ts';
import type { UserRow } from './usersRepository.ts';

export const USER_NOT_FOUND = 'User not found.';

const storedAttributesSchema = z.record(z.string(), attributeGrantSchema);

/**
 * A customer role: every grant is limited to the holder's own company (`$ownCompany`). Any other role reaches
 * beyond one company, i.e. it is a provider role.
 */
export function isOwnCompanyRole(role: RoleWithGrants): boolean {
  return role.grants.every((grant) => {
    const parsed = storedAttributesSchema.safeParse(grant.attributes);
    const companyId = parsed.success ? parsed.data.companyId : undefined;
    return companyId?.type === 'VALUES' && companyId.values.every((value) => value === OWN_COMPANY);
  });
}

export function presentRole(role: RoleWithGrants): Role {
  return {
    roleId: role.roleId,
    name: role.name,
    description: role.description,
    permissions: [...new Set(role.grants.map((grant) => grant.permission))].sort(),
  };
}

/**
 * Whether the caller may give or take this role for a user of this company: roles:manage reaching the
 * company (404 otherwise, like the user itself); customer administrators only roles limited to their own
 * company; and a provider role only ever for the provider's own staff, since it would open every company.
 */
export function assertRoleAssignable(auth: AuthContext, role: RoleWithGrants, targetCompanyId: number): void {
  requireCompanyAccess(auth, 'roles:manage', targetCompanyId, USER_NOT_FOUND);
  if (isOwnCompanyRole(role)) return;
  if (companyScope(auth, 'roles:manage') !== 'ALL') {
    throw forbidden(`You may only assign roles limited to your own company; ${role.name} reaches beyond it.`);
  }
  if (targetCompanyId !== PROVIDER_COMPANY_ID) {
    throw badField(
      'body.roleId',
      `${role.name} reaches every company, so it can only be given to the provider's own users.`,
    );
  }
}

/** Roles the caller can see: all of them for provider staff, the customer roles for everyone else. */
export async function listRolesFor(db: DbOrTx, auth: AuthContext): Promise<Role[]> {
  requirePermission(auth, 'users:read');
  const roles = await listRoles(db);
  const visible = companyScope(auth, 'users:read') === 'ALL' ? roles : roles.filter(isOwnCompanyRole);
  return visible.map(presentRole);
}

/** The roles of each user the caller may read, keyed by user id; other ids are left out without a word. */
export async function listRolesOfUsers(
  db: DbOrTx,
  auth: AuthContext,
  userIds: readonly number[],
): Promise<Record<string, Role[]>> {
  requirePermission(auth, 'users:read');
  const scope = companyScope(auth, 'users:read');
  const readable = (await findUsers(db, [...new Set(userIds)])).filter((user) =>
    scopeIncludes(scope, user.companyId),
  );
  const roleIdsByUser = await roleIdsOfUsers(
    db,
    readable.map((user) => user.userId),
  );
  const roles = new Map(
    (await listRoles(db, [...new Set([...roleIdsByUser.values()].flat())])).map((role) => [
      role.roleId,
      role,
    ]),
  );
  const result: Record<string, Role[]> = {};
  for (const user of readable) {
    result[String(user.userId)] = (roleIdsByUser.get(user.userId) ?? [])
      .flatMap((roleId) => roles.get(roleId) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(presentRole);
  }
  return result;
}

/** The user and role of an assign or remove call, once the caller is known to be allowed to change them. */
async function loadAssignment(
  db: DbOrTx,
  auth: AuthContext,
  userId: number,
  roleId: number,
): Promise<{ user: UserRow; role: RoleWithGrants }> {
  requirePermission(auth, 'roles:manage');
  const user = await findUser(db, userId);
  if (!user || user.isDeleted || !scopeIncludes(companyScope(auth, 'roles:manage'), user.companyId)) {
    throw notFound(USER_NOT_FOUND);
  }
  const role = await findRole(db, roleId);
  if (!role) throw notFound('Role not found.');
  assertRoleAssignable(auth, role, user.companyId);
  return { user, role };
}

async function changeRole(
  db: Db,
  auth: AuthContext,
  { userId, roleId }: { userId: number; roleId: number },
  verb: 'assign' | 'remove',
): Promise<{ ok: true }> {
  const { user, role } = await loadAssignment(db, auth, userId, roleId);
  await db.transaction(async (tx) => {
    const changed =
      verb === 'assign' ? await addUserRole(tx, userId, roleId) : await removeUserRole(tx, userId, roleId);
    // Assigning a role the user has, or removing one they lack, changes nothing: no audit entry.
    if (!changed) return;
    await recordEvent(tx, {
      name: `roles.users.${verb}`,
      actorUserId: auth.user.userId,
      companyId: user.companyId,
      subjectType: 'user',
      subjectId: userId,
      data: { roleId, roleName: role.name },
    });
  });
  return { ok: true };
}

export const assignRole = (db: Db, auth: AuthContext, body: { userId: number; roleId: number }) =>
  changeRole(db, auth, body, 'assign');

export const removeRole = (db: Db, auth: AuthContext, body: { userId: number; roleId: number }) =>
  changeRole(db, auth, body, 'remove');
