import { ASSET_TYPE, placementError } from '@kelvin/domain';

const KNOWN_TYPES: readonly number[] = Object.values(ASSET_TYPE);

/** Whether the hierarchy lets any type hang under this one (a unit or an agent is a leaf). */
export function canHaveChildren(assetTypeId: number): boolean {
  return KNOWN_TYPES.some((childType) => placementError(childType, assetTypeId) === null);
}

/** Units from a template go where a unit may go: under a data hall or a split unit. */
export function canHoldUnitTemplate(assetTypeId: number): boolean {
  return placementError(ASSET_TYPE.unit, assetTypeId) === null;
}
