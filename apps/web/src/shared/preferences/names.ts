import { assetDisplayName, maskAssetName, maskCompanyName, type PropertyLike } from '@kelvin/domain';
import { demoModeOn } from './displayPreferences.ts';

/**
 * How the console presents company and asset names: the real name, or under demo mode a stable mask of the
 * record's id ('Company 4821', 'Site 12', 'Unit-0412'). Screens name companies and assets through these.
 */
export function presentCompanyName(companyId: number, name: string): string {
  return demoModeOn() ? maskCompanyName(companyId) : name;
}

export function presentAssetName(
  asset: { assetId: number; assetTypeId?: number | undefined },
  name: string,
): string {
  return demoModeOn() ? maskAssetName(asset) : name;
}

/** The spec's display name of an asset (its name property, else type and position), masked under demo mode. */
export function displayAssetName(asset: {
  assetId: number;
  assetTypeId: number;
  type: string;
  properties: readonly PropertyLike[];
}): string {
  return presentAssetName(asset, assetDisplayName(asset));
}

/**
 * Rows the server named an asset in (problems, windows): under demo mode their names masked, for a query's
 * `select`. Such rows are of units, so the unit mask applies.
 */
export function maskRowAssetNames<T extends { assetId: number; assetName: string }>(rows: readonly T[]): T[] {
  return rows.map((row) => ({ ...row, assetName: maskAssetName({ assetId: row.assetId }) }));
}

/** The slim fleet list under demo mode, for a query's `select`: each asset by its type's mask. */
export function maskFleetNames<T extends { assetId: number; assetTypeId: number; name: string }>(
  assets: readonly T[],
): T[] {
  return assets.map((asset) => ({ ...asset, name: maskAssetName(asset) }));
}
