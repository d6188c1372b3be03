import { ASSET_TYPE } from '../assets/assetTypes.ts';

/**
 * Demo mode (platform-core section 3, Preference state) masks company, site and asset names for screen sharing.
 * A mask comes from the record's id alone, so the same company, site or unit reads the same everywhere and on every
 * visit, two records never share one, and nothing of the real name shows through.
 */

const SPREAD_PRIME = 10007;
const SPREAD_FACTOR = 7919;

/**
 * A stable pseudonym number for an id: a bijection of the non-negative integers (within each block of 10007 ids a
 * multiplication modulo a prime), so that neighbouring ids do not read as a sequence and no two ids share a number.
 */
export function maskNumber(id: number): number {
  const block = Math.floor(id / SPREAD_PRIME);
  const spread = ((id % SPREAD_PRIME) * SPREAD_FACTOR) % SPREAD_PRIME;
  return block * SPREAD_PRIME + spread + 1;
}

/** A company's mask: 'Company 4821'. */
export function maskCompanyName(companyId: number): string {
  return `Company ${maskNumber(companyId)}`;
}

/** The letters a unit's mask starts with: a type's initials ('Computer Room Air Handler' → 'CRAH'). */
function typePrefix(type: string): string {
  const words = type.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  if (words.length === 0) return 'UNIT';
  if (words.length === 1) return (words[0] ?? 'UNIT').slice(0, 4).toUpperCase();
  return words.map((word) => word.charAt(0).toUpperCase()).join('');
}

/** An asset's mask: 'Site 12', 'Building 7', 'Data Hall 3', and for units the type's initials: 'CRAH-0412'. */
export function maskAssetName(asset: { assetId: number; assetTypeId: number; type: string }): string {
  const number = maskNumber(asset.assetId);
  switch (asset.assetTypeId) {
    case ASSET_TYPE.site:
      return `Site ${number}`;
    case ASSET_TYPE.building:
      return `Building ${number}`;
    case ASSET_TYPE.datahall:
      return `Data Hall ${number}`;
    default:
      return `${typePrefix(asset.type)}-${String(number).padStart(2, '0')}`;
  }
}
