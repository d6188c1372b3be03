import { ASSET_TYPE, ASSET_TYPE_LABELS, isKnownAssetType } from '../assets/assetTypes.ts';

/**
 * What a maintenance window may cover: a unit (or make-up-air unit) itself, or a site, building, data hall or
 * split unit standing for every unit beneath it. An agent only carries its units' readings: maintenance of the
 * units is what the console must know about.
 */
const COVERABLE_TYPES: ReadonlySet<number> = new Set([
  ASSET_TYPE.site,
  ASSET_TYPE.building,
  ASSET_TYPE.datahall,
  ASSET_TYPE.splitUnit,
  ASSET_TYPE.unit,
  ASSET_TYPE.makeUpAirUnit,
]);

export function canHaveMaintenanceWindow(assetTypeId: number): boolean {
  return COVERABLE_TYPES.has(assetTypeId);
}

/** Why an asset cannot have a maintenance window, or null when it can. */
export function maintenanceAssetProblem(assetTypeId: number): string | null {
  if (canHaveMaintenanceWindow(assetTypeId)) return null;
  const label = isKnownAssetType(assetTypeId) ? ASSET_TYPE_LABELS[assetTypeId] : 'asset of an unknown type';
  return `Maintenance windows cover units, or the sites, buildings and data halls that hold them; this is an ${label}.`;
}

/** Whether a window on an asset of this type stands for the units beneath it rather than for itself. */
export function coversUnitsBeneath(assetTypeId: number): boolean {
  return (
    assetTypeId === ASSET_TYPE.site ||
    assetTypeId === ASSET_TYPE.building ||
    assetTypeId === ASSET_TYPE.datahall ||
    assetTypeId === ASSET_TYPE.splitUnit
  );
}
