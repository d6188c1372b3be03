import { and, eq } from 'drizzle-orm';
import { hasPermission } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, isExternal, scopeIncludes } from '../../http/authorize.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { roleGrants, userRoles, users } from '../../platform/db/schema.ts';
import { accessGroupAssetIds } from '../access/assetAccess.ts';
import { PROBLEMS_READ } from '../problems/problemAccess.ts';
import { loadPermissions } from '../users/permissionsRepository.ts';

/**
 * Who may read the problems of a company's asset: active people with detectedProblems:read reaching the company
 * (and, for an external user, the asset in their access groups), the same rule the problem list applies. One
 * instance lives for one notify call, so that each person's permissions and access groups are read once.
 */
export interface ProblemReaders {
  of(companyId: number, assetId: number): Promise<AuthContext[]>;
  /** A person's context, for what answers them (their unread count); undefined for one who may read no problem. */
  context(userId: number): Promise<AuthContext | undefined>;
}

export function createProblemReaders(db: DbOrTx): ProblemReaders {
  let candidates: Promise<AuthContext[]> | undefined;
  const accessGroups = new Map<number, Promise<Set<number>>>();

  /** Active people holding the permission for some company: the only ones worth loading permissions for. */
  async function loadCandidates(): Promise<AuthContext[]> {
    const rows = await db
      .selectDistinct({ user: users })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.userId))
      .innerJoin(roleGrants, eq(roleGrants.roleId, userRoles.roleId))
      .where(
        and(eq(roleGrants.permission, PROBLEMS_READ), eq(users.isDeleted, false), eq(users.isSystem, false)),
      );
    const contexts = await Promise.all(
      rows.map(async ({ user }) => ({
        user,
        permissions: await loadPermissions(db, user.userId, user.companyId),
      })),
    );
    return contexts.filter((auth) => hasPermission(auth.permissions, { permission: PROBLEMS_READ }));
  }

  function groupsOf(userId: number): Promise<Set<number>> {
    let groups = accessGroups.get(userId);
    if (!groups) {
      groups = accessGroupAssetIds(db, userId);
      accessGroups.set(userId, groups);
    }
    return groups;
  }

  return {
    async of(companyId, assetId) {
      candidates ??= loadCandidates();
      const inCompany = (await candidates).filter((auth) =>
        scopeIncludes(companyScope(auth, PROBLEMS_READ), companyId),
      );
      const readers: AuthContext[] = [];
      for (const auth of inCompany) {
        if (!isExternal(auth) || (await groupsOf(auth.user.userId)).has(assetId)) readers.push(auth);
      }
      return readers;
    },
    async context(userId) {
      candidates ??= loadCandidates();
      return (await candidates).find((auth) => auth.user.userId === userId);
    },
  };
}
