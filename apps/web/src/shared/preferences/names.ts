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
