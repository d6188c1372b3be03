import { randomUUID } from 'node:crypto';
import type { User } from '@kelvin/contract';
import { EXTERNAL_IDENTITY_PREFIX } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  requireCompanyAccess,
  requirePermission,
  scopeIncludes,
} from '../../http/authorize.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { hashPassword } from '../../platform/identity/passwords.ts';
import { lockCompany } from '../companies/companiesRepository.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { addUserRole, listRoles } from './rolesRepository.ts';
import { assertRoleAssignable, USER_NOT_FOUND } from './rolesService.ts';
import {
  createDefaultAccessGroup,
  findUser,
  findUserWithEmail,
  insertUser,
  isDuplicateEmailError,
  listUsers,
  lockUser,
  updateUser,
  type UserDetails,
} from './userAdminRepository.ts';
import type { UserRow } from './usersRepository.ts';
import { presentUser } from './usersService.ts';

export const DUPLICATE_EMAIL = 'A user with this email already exists.';

/** The optional details as sent: undefined leaves a value as it is (create: empty), null clears it. */
export interface UserDetailsInput {
  name: string;
  email: string;
  role?: string | null | undefined;
  primaryPhone?: string | null | undefined;
  secondaryPhone?: string | null | undefined;
  location?: string | null | undefined;
}

const OPTIONAL_DETAILS = ['role', 'primaryPhone', 'secondaryPhone', 'location'] as const;

/** A user the caller may act on with this permission: 403 without it at all, 404 if out of reach or missing. */
async function loadUserInScope(
  db: DbOrTx,
  auth: AuthContext,
  permission: 'users:read' | 'users:write',
  userId: number,
  options: { lock?: boolean; allowDeleted?: boolean } = {},
): Promise<UserRow> {
  requirePermission(auth, permission);
  const user = options.lock ? await lockUser(db, userId) : await findUser(db, userId);
  if (!user || !scopeIncludes(companyScope(auth, permission), user.companyId)) throw notFound(USER_NOT_FOUND);
  if (user.isDeleted && !options.allowDeleted) throw notFound(USER_NOT_FOUND);
  return user;
}

async function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: number): Promise<void> {
  if (await findUserWithEmail(db, email, exceptUserId)) throw conflict(DUPLICATE_EMAIL);
}

/** Runs a write, turning the unique index's verdict on a concurrent duplicate into the same 409. */
async function withEmailConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateEmailError(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

export async function getUser(db: DbOrTx, auth: AuthContext, userId: number): Promise<User> {
  return presentUser(await loadUserInScope(db, auth, 'users:read', userId, { allowDeleted: true }));
}

export async function listUsersFor(
  db: DbOrTx,
  auth: AuthContext,
  query: {
    userIds?: number[] | undefined;
    companyIds?: number[] | undefined;
    includeDeleted?: boolean | undefined;
    includeSystem?: boolean | undefined;
  },
): Promise<User[]> {
  requirePermission(auth, 'users:read');
  const rows = await listUsers(db, {
    scope: companyScope(auth, 'users:read'),
    userIds: query.userIds,
    companyIds: query.companyIds,
    includeDeleted: query.includeDeleted ?? false,
    includeSystem: query.includeSystem ?? false,
  });
  return rows.map(presentUser);
}

export async function createUser(
  db: Db,
  auth: AuthContext,
  input: UserDetailsInput & { companyId: number; roleIds: number[]; password?: string | undefined },
): Promise<User> {
  requireCompanyAccess(auth, 'users:write', input.companyId, 'Company not found.');
  const roleIds = [...new Set(input.roleIds)];
  const roles = await listRoles(db, roleIds);
  const unknown = roleIds.filter((roleId) => !roles.some((role) => role.roleId === roleId));
  if (unknown.length > 0) {
    const message = `Unknown role id ${unknown.join(', ')}.`;
    throw badRequest(message, [{ field: 'body.roleIds', message }]);
  }
  for (const role of roles) assertRoleAssignable(auth, role, input.companyId);
  // Hashing is deliberately slow: do it before the transaction holds any lock.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const details: UserDetails = {
    name: input.name,
    email: input.email,
    role: input.role ?? null,
    primaryPhone: input.primaryPhone ?? null,
    secondaryPhone: input.secondaryPhone ?? null,
    location: input.location ?? null,
  };

  const user = await withEmailConflict(() =>
    db.transaction(async (tx) => {
      // FOR SHARE: companies.delete, which locks the row FOR UPDATE, waits for this user or sees it.
      const company = await lockCompany(tx, input.companyId, 'share');
      if (!company || company.isDeleted) throw notFound('Company not found.');
      await assertEmailFree(tx, details.email);
      const created = await insertUser(tx, {
        ...details,
        companyId: input.companyId,
        identityId: `${EXTERNAL_IDENTITY_PREFIX}${randomUUID()}`,
        passwordHash,
      });
      for (const roleId of roleIds) await addUserRole(tx, created.userId, roleId);
      const assetAccessGroupId = await createDefaultAccessGroup(tx, created.userId);
      await recordEvent(tx, {
        name: 'users.create',
        actorUserId: auth.user.userId,
        companyId: created.companyId,
        subjectType: 'user',
        subjectId: created.userId,
        // Never the password or its hash: only whether one was set.
        data: { ...details, roleIds, assetAccessGroupId, passwordSet: passwordHash !== null },
      });
      return created;
    }),
  );
  return presentUser(user);
}

type Changes = Record<string, { from: string | null; to: string | null }>;

/** The details that differ, for the update, and as `{field: {from, to}}` for the audit trail. */
function changedDetails(
  before: UserRow,
  input: UserDetailsInput,
): { changes: Partial<UserDetails>; audit: Changes } {
  const changes: Partial<UserDetails> = {};
  const audit: Changes = {};
  if (input.name !== before.name) {
    changes.name = input.name;
    audit.name = { from: before.name, to: input.name };
  }
  if (input.email !== before.email) {
    changes.email = input.email;
    audit.email = { from: before.email, to: input.email };
  }
  for (const key of OPTIONAL_DETAILS) {
    const value = input[key];
    if (value === undefined || value === before[key]) continue;
    changes[key] = value;
    audit[key] = { from: before[key], to: value };
  }
  return { changes, audit };
}

export async function updateUserDetails(
  db: Db,
  auth: AuthContext,
  input: UserDetailsInput & { userId: number },
): Promise<User> {
  const user = await withEmailConflict(() =>
    db.transaction(async (tx) => {
      const before = await loadUserInScope(tx, auth, 'users:write', input.userId, { lock: true });
      const { changes, audit } = changedDetails(before, input);
      // Saving an unchanged form is not a change: no write, no audit entry.
      if (Object.keys(changes).length === 0) return before;
      if (changes.email !== undefined) await assertEmailFree(tx, changes.email, before.userId);
      const after = await updateUser(tx, before.userId, changes);
      await recordEvent(tx, {
        name: 'users.update',
        actorUserId: auth.user.userId,
        companyId: after.companyId,
        subjectType: 'user',
        subjectId: after.userId,
        data: { changes: audit },
      });
      return after;
    }),
  );
  return presentUser(user);
}

/** Soft delete: the user can no longer sign in, and their history keeps its author. */
export async function deleteUser(db: Db, auth: AuthContext, userId: number): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const user = await loadUserInScope(tx, auth, 'users:write', userId, { lock: true });
    if (user.userId === auth.user.userId) throw forbidden('You cannot delete your own user.');
    await updateUser(tx, user.userId, { isDeleted: true });
    await recordEvent(tx, {
      name: 'users.delete',
      actorUserId: auth.user.userId,
      companyId: user.companyId,
      subjectType: 'user',
      subjectId: user.userId,
      data: { name: user.name, email: user.email },
    });
  });
  return { ok: true };
}
