import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FleetAsset } from '@kelvin/contract';
import { ASSET_TYPE, assetDisplayName } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetProperties, assets } from '../../platform/db/schema.ts';
import { assetVisibility, companiesInScope, filterVisible } from '../access/assetAccess.ts';
import { statesOf } from './assetStateService.ts';
import { assetTypeNames } from './assetsRepository.ts';
import { READ } from './assetsService.ts';
import type { LastSeenSource } from './lastSeenSource.ts';

/** The assets the overview draws as tiles (the web's fleetGroups draws the same): the devices that send readings. */
const TILE_TYPE_IDS = [ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit];
/** The properties a display name is made of (assetDisplayName): the rest of an asset's properties stay home. */
const NAME_PROPERTIES = ['name', 'position'];

const anyOf = (column: typeof assets.assetId | typeof assetProperties.assetId, ids: readonly number[]) =>
  sql`${column} = ANY(${sql.param([...ids])}::int[])`;

/**
 * The live assets the caller may read (company scope, and access groups for an external user), of the given types
 * or all, as the few columns a fleet needs: one query, no metadata, no presenter.
 */
async function visibleFleetRows(db: DbOrTx, auth: AuthContext, assetTypeIds?: readonly number[]) {
  const visibility = await assetVisibility(db, auth, READ);
  const conditions: SQL[] = [eq(assets.isDeleted, false)];
  const companyIds = companiesInScope(visibility, undefined);
  if (companyIds) conditions.push(inArray(assets.companyId, companyIds));
  if (assetTypeIds) conditions.push(inArray(assets.assetTypeId, [...assetTypeIds]));
  if (visibility.assetIds !== null) conditions.push(anyOf(assets.assetId, [...visibility.assetIds]));
  const rows = await db
    .select({
      assetId: assets.assetId,
      companyId: assets.companyId,
      parentAssetId: assets.parentAssetId,
      assetTypeId: assets.assetTypeId,
      isMonitored: assets.isMonitored,
    })
    .from(assets)
    .where(and(...conditions))
    .orderBy(asc(assets.companyId), asc(assets.assetId));
  // The SQL narrowed by the same rules; the shared filter stays the one word on who sees what.
  return filterVisible(visibility, rows);
}

/**
 * `assets.fleet`: every asset the caller may see with what an overview groups and labels tiles by, named as the
 * asset tree names them. Three queries whatever the fleet's size (visibility, rows, name properties); a fleet of
 * 5,000 units answers about a tenth of assets.list's bytes.
 */
export async function listFleet(db: DbOrTx, auth: AuthContext): Promise<FleetAsset[]> {
  const rows = await visibleFleetRows(db, auth);
  if (rows.length === 0) return [];
  const [types, properties] = await Promise.all([
    assetTypeNames(db),
    db
      .select({ assetId: assetProperties.assetId, name: assetProperties.name, value: assetProperties.value })
      .from(assetProperties)
      .where(
        and(
          anyOf(
            assetProperties.assetId,
            rows.map((row) => row.assetId),
          ),
          inArray(assetProperties.name, NAME_PROPERTIES),
        ),
      ),
  ]);
  const byAsset = new Map<number, { name: string; value: string }[]>();
  for (const property of properties) {
    const list = byAsset.get(property.assetId) ?? [];
    list.push(property);
    byAsset.set(property.assetId, list);
  }
  return rows.map((row) => ({
    assetId: row.assetId,
    companyId: row.companyId,
    parentAssetId: row.parentAssetId,
    assetTypeId: row.assetTypeId,
    name: assetDisplayName({
      type: types.get(row.assetTypeId) ?? `Type ${row.assetTypeId}`,
      properties: byAsset.get(row.assetId) ?? [],
    }),
  }));
}

/**
 * `assets.fleet.state`: the health of every unit the caller may see, derived as assets.state.list derives it. It
 * needs no list of ids, so that a screen can ask for it together with assets.fleet instead of after it.
 */
export async function listFleetStates(
  db: DbOrTx,
  auth: AuthContext,
  lastSeen: LastSeenSource,
  activeInterval: string,
) {
  return statesOf(db, lastSeen, await visibleFleetRows(db, auth, TILE_TYPE_IDS), activeInterval);
}
