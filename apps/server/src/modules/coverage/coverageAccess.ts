import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companyAssetIds } from './coverageRepository.ts';

export const CONTRACTS_READ = 'contracts:read';
export const CONTRACTS_WRITE = 'contracts:write';
export const WARRANTIES_READ = 'warranties:read';
export const WARRANTIES_WRITE = 'warranties:write';

export const CONTRACT_NOT_FOUND = 'Contract not found.';
export const WARRANTY_NOT_FOUND = 'Warranty not found.';

/** The clock, passed in so that tests can stand on any day in any zone. */
export type Clock = () => Date;

/**
 * The companies a read reaches: the requested ones cut to the caller's grant (others drop out silently, as in
 * every list), or all the grant reaches. 403 without the permission at all. null means every company.
 */
export function readableCompanies(
  auth: AuthContext,
  permission: string,
  requested: readonly number[] | undefined,
): number[] | null {
  requirePermission(auth, permission);
  const scope = companyScope(auth, permission);
  if (scope === 'ALL') return requested ? [...requested] : null;
  return requested ? requested.filter((id) => scope.includes(id)) : scope;
}

/** A write on a company's contract or warranty: 403 without the permission, 404 (as missing) for another company. */
export function requireWrite(auth: AuthContext, permission: string, companyId: number, what: string): void {
  requireCompanyAccess(auth, permission, companyId, what);
}

/** Refuses (400 naming the field) an asset that is missing, deleted or of another company. */
export async function requireCompanyAssets(
  db: DbOrTx,
  companyId: number,
  assetIds: readonly number[],
  kind: 'contract' | 'warranty',
): Promise<void> {
  const found = await companyAssetIds(db, companyId, assetIds);
  const refused = assetIds.find((assetId) => !found.has(assetId));
  if (refused !== undefined)
    throw badField('body.assetIds', `Asset ${refused} is not an asset of the ${kind}'s company.`);
}
