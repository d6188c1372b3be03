import type { Asset } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  assetVisibility,
  companiesInScope,
  filterVisible,
  requireAssetAccess,
} from '../access/assetAccess.ts';
import { presentAssets, presentOne } from './assetsPresenter.ts';
import {
  ancestorIds,
  chainsUpFrom,
  findAsset,
  findAssetType,
  listAssets,
  listAssetTypeProperties,
  listAssetTypes,
  propertiesOf,
  type AssetFilter,
  type AssetRow,
} from './assetsRepository.ts';

export const READ = 'assets:read';
export const WRITE = 'assets:write';

/** Loads a non-deleted asset the caller may see with the permission: 403 without it, 404 for missing or invisible. */
export async function loadVisibleAsset(
  db: DbOrTx,
  auth: AuthContext,
  permission: string,
  assetId: number,
): Promise<AssetRow> {
  requirePermission(auth, permission);
  return requireAssetAccess(db, auth, permission, await findAsset(db, assetId));
}

/** Rows matching the filter that the caller may read; other companies' and invisible rows drop out silently. */
export async function visibleAssets(db: DbOrTx, auth: AuthContext, filter: AssetFilter): Promise<AssetRow[]> {
  const visibility = await assetVisibility(db, auth, READ);
  const companyIds = companiesInScope(visibility, filter.companyIds);
  const assetIds =
    visibility.assetIds === null
      ? filter.assetIds
      : (filter.assetIds ?? [...visibility.assetIds]).filter((id) => visibility.assetIds?.has(id));
  return filterVisible(visibility, await listAssets(db, { ...filter, companyIds, assetIds }));
}

export async function listVisibleAssets(
  db: DbOrTx,
  auth: AuthContext,
  filter: AssetFilter,
): Promise<Asset[]> {
  return presentAssets(db, await visibleAssets(db, auth, filter));
}

export async function getAsset(
  db: DbOrTx,
  auth: AuthContext,
  assetId: number,
  includeCoverage = false,
): Promise<Asset> {
  return presentOne(db, await loadVisibleAsset(db, auth, READ, assetId), { includeCoverage });
}

export async function listChildren(db: DbOrTx, auth: AuthContext, assetId: number): Promise<Asset[]> {
  await loadVisibleAsset(db, auth, READ, assetId);
  return listVisibleAssets(db, auth, { parentAssetIds: [assetId] });
}

/**
 * The ancestors from the root down to the parent. Ancestors the caller may not see (an external user whose
 * group holds a data hall does not see its building) are left out, as every list filters silently.
 */
export async function listParents(db: DbOrTx, auth: AuthContext, assetId: number): Promise<Asset[]> {
  await loadVisibleAsset(db, auth, READ, assetId);
  const chainIds = ancestorIds(await chainsUpFrom(db, [assetId]), assetId).reverse();
  if (chainIds.length === 0) return [];
  const rows = await visibleAssets(db, auth, { assetIds: chainIds });
  const byId = new Map(rows.map((row) => [row.assetId, row]));
  const ordered = chainIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return presentAssets(db, ordered);
}

export async function getProperties(db: DbOrTx, auth: AuthContext, assetId: number) {
  await loadVisibleAsset(db, auth, READ, assetId);
  const rows = (await propertiesOf(db, [assetId])).get(assetId) ?? [];
  return rows.map(({ name, value, displayOrder }) => ({ name, value, displayOrder }));
}

export async function listSplitUnits(
  db: DbOrTx,
  auth: AuthContext,
  parentAssetIds: number[],
): Promise<Asset[]> {
  return listVisibleAssets(db, auth, { parentAssetIds, assetTypeIds: [ASSET_TYPE.splitUnit] });
}

/** Asset types are reference data shared by every company; reading them still needs assets:read. */
export async function listTypes(db: DbOrTx, auth: AuthContext) {
  requirePermission(auth, READ);
  return (await listAssetTypes(db)).map(({ assetTypeId, name }) => ({ assetTypeId, name }));
}

export async function listTypeProperties(db: DbOrTx, auth: AuthContext, assetTypeId: number) {
  requirePermission(auth, READ);
  if (!(await findAssetType(db, assetTypeId))) throw notFound('Asset type not found.');
  return (await listAssetTypeProperties(db, assetTypeId)).map(
    ({ name, label, isRequired, displayOrder }) => ({
      name,
      label,
      isRequired,
      displayOrder,
    }),
  );
}
