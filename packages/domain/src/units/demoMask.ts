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

/**
 * An asset's mask: 'Site 12', 'Building 7', 'Data Hall 3', and 'Unit-0412' for a unit of any type. A unit's type is
 * left out on purpose: lists that name a ticket's units know their ids but not their types, and the same unit must
 * read the same in the tree and on the ticket.
 */
export function maskAssetName(asset: { assetId: number; assetTypeId?: number | undefined }): string {
  const number = maskNumber(asset.assetId);
  switch (asset.assetTypeId) {
    case ASSET_TYPE.site:
      return `Site ${number}`;
    case ASSET_TYPE.building:
      return `Building ${number}`;
    case ASSET_TYPE.datahall:
      return `Data Hall ${number}`;
    default:
      return `Unit-${String(number).padStart(2, '0')}`;
  }
}
