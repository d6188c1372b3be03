import { sql, type Column, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  isExternal,
  requirePermission,
  scopeIncludes,
  type CompanyScope,
} from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** Which assets a caller may see for a permission: company scope, plus access groups for external users. */
export interface AssetVisibility {
  companies: CompanyScope;
  /** null: every asset of the companies in scope; otherwise only these asset ids. */
  assetIds: Set<number> | null;
}

// Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`; the generic result type is unknown.
const idRows = z.object({ rows: z.array(z.object({ asset_id: z.coerce.number() })) });

/**
 * The assets in a user's access groups and all of their descendants, as a subquery of one column (asset_id), so
 * that a query can filter by it in the same statement (the tickets' access-group rule does) instead of shipping the
 * ids back and forth. `userId` may be a column of the outer query, to ask it of each of its users.
 */
export function accessGroupAssetsQuery(userId: number | SQL | Column): SQL {
  return sql`
    with recursive visible(asset_id) as (
      select ga.asset_id
        from asset_access_group_assets ga
        join asset_access_groups g on g.asset_access_group_id = ga.asset_access_group_id
       where g.user_id = ${userId}
      union
      select a.asset_id from assets a join visible v on a.parent_asset_id = v.asset_id where not a.is_deleted
    )
    select asset_id from visible`;
}

/** The assets in a user's access groups and all of their descendants. */
export async function accessGroupAssetIds(db: DbOrTx, userId: number): Promise<Set<number>> {
  const result: unknown = await db.execute(accessGroupAssetsQuery(userId));
  return new Set(idRows.parse(result).rows.map((row) => row.asset_id));
}

/** Who is limited by access groups on top of their company grants: external users (customers' people). */
export function limitedByAccessGroups(auth: AuthContext): boolean {
  return isExternal(auth);
}

export async function assetVisibility(
  db: DbOrTx,
  auth: AuthContext,
  permission: string,
): Promise<AssetVisibility> {
  requirePermission(auth, permission);
  const companies = companyScope(auth, permission);
  const assetIds = limitedByAccessGroups(auth) ? await accessGroupAssetIds(db, auth.user.userId) : null;
  return { companies, assetIds };
}

export function canSeeAsset(
  visibility: AssetVisibility,
  asset: { assetId: number; companyId: number },
): boolean {
  if (!scopeIncludes(visibility.companies, asset.companyId)) return false;
  return visibility.assetIds === null || visibility.assetIds.has(asset.assetId);
}

/**
 * Loads nothing itself: checks an asset the caller already fetched. Missing and invisible are the same 404,
 * so that another company's asset ids reveal nothing.
 */
export async function requireAssetAccess<A extends { assetId: number; companyId: number }>(
  db: DbOrTx,
  auth: AuthContext,
  permission: string,
  asset: A | undefined,
): Promise<A> {
  // The permission first: a caller without it learns nothing, not even whether the id exists.
  requirePermission(auth, permission);
  if (!asset) throw notFound('Asset not found.');
  const visibility = await assetVisibility(db, auth, permission);
  if (!canSeeAsset(visibility, asset)) throw notFound('Asset not found.');
  return asset;
}

/** Keeps the rows the caller may see; lists filter silently instead of refusing. */
export function filterVisible<A extends { assetId: number; companyId: number }>(
  visibility: AssetVisibility,
  rows: readonly A[],
): A[] {
  return rows.filter((row) => canSeeAsset(visibility, row));
}

/** The company ids a list query may touch: the requested ones within scope, or the scope itself. */
export function companiesInScope(
  visibility: AssetVisibility,
  requested: number[] | undefined,
): number[] | undefined {
  if (visibility.companies === 'ALL') return requested;
  const scope = visibility.companies;
  return requested ? requested.filter((id) => scope.includes(id)) : scope;
}
