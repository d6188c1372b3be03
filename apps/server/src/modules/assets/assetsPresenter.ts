import { subscriptionPlanSchema, type Asset } from '@kelvin/contract';
import { ASSET_TYPE, isSplitUnit } from '@kelvin/domain';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetModelCoverage } from '../coverage/assetCoverage.ts';
import {
  ancestorIds,
  assetTypeNames,
  chainsUpFrom,
  propertiesOf,
  type AssetPropertyRow,
  type AssetRow,
  type ChainLink,
} from './assetsRepository.ts';

const metadataSchema = z.record(z.string(), z.unknown()).catch({});

type AssetCoverages = Awaited<ReturnType<typeof assetModelCoverage>>;

function emptyCoverage(assetId: number): NonNullable<Asset['coverage']> {
  return { assetId, contracts: [], warranties: [] };
}

export function nearestOfType(
  links: ReadonlyMap<number, ChainLink>,
  assetId: number,
  assetTypeId: number,
): number | null {
  return ancestorIds(links, assetId).find((id) => links.get(id)?.assetTypeId === assetTypeId) ?? null;
}

/** The presenter: exactly the contract's fields, computed from the row and what the lookups loaded. */
export function presentAsset(
  row: AssetRow,
  lookups: {
    types: ReadonlyMap<number, string>;
    properties: readonly AssetPropertyRow[];
    links: ReadonlyMap<number, ChainLink>;
    /** Loaded when the caller asked for coverage (includeCoverage). */
    coverage?: AssetCoverages | undefined;
  },
): Asset {
  const asset: Asset = {
    assetId: row.assetId,
    companyId: row.companyId,
    buildingId: nearestOfType(lookups.links, row.assetId, ASSET_TYPE.building),
    datahallId: nearestOfType(lookups.links, row.assetId, ASSET_TYPE.datahall),
    parentAssetId: row.parentAssetId,
    assetTypeId: row.assetTypeId,
    type: lookups.types.get(row.assetTypeId) ?? `Type ${row.assetTypeId}`,
    name: row.name,
    aliasPrefix: row.aliasPrefix,
    isActive: row.isActive,
    isMonitored: row.isMonitored,
    monitorGroupId: row.monitorGroupId,
    thresholdGroupId: row.thresholdGroupId,
    isSplitUnit: isSplitUnit(row.assetTypeId),
    subscription: subscriptionPlanSchema.nullable().catch(null).parse(row.subscription),
    metadata: metadataSchema.parse(row.metadata),
    isDeleted: row.isDeleted,
    properties: lookups.properties.map((property) => ({
      name: property.name,
      value: property.value,
      displayOrder: property.displayOrder,
    })),
  };
  if (lookups.coverage) {
    const covered = lookups.coverage.get(row.assetId);
    asset.coverage = covered?.coverage ?? emptyCoverage(row.assetId);
    asset.activeCoverage = covered?.activeCoverage ?? emptyCoverage(row.assetId);
  }
  return asset;
}

/**
 * Presents a list with three queries in all (types, properties, ancestor chains), whatever its length, and the
 * coverage's (contracts and warranties of those assets) when asked for.
 */
export async function presentAssets(
  db: DbOrTx,
  rows: readonly AssetRow[],
  options: { includeCoverage?: boolean | undefined } = {},
): Promise<Asset[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.assetId);
  const [types, properties, links, coverage] = await Promise.all([
    assetTypeNames(db),
    propertiesOf(db, ids),
    chainsUpFrom(db, ids),
    options.includeCoverage ? assetModelCoverage(db, ids, new Date()) : undefined,
  ]);
  return rows.map((row) =>
    presentAsset(row, { types, properties: properties.get(row.assetId) ?? [], links, coverage }),
  );
}

export async function presentOne(
  db: DbOrTx,
  row: AssetRow,
  options: { includeCoverage?: boolean | undefined } = {},
): Promise<Asset> {
  const [asset] = await presentAssets(db, [row], options);
  if (!asset) throw new Error('presentAssets lost a row');
  return asset;
}
