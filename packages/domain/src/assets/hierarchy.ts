import { ASSET_TYPE, ASSET_TYPE_LABELS, isKnownAssetType, type KnownAssetTypeId } from './assetTypes.ts';

/** `null` stands for "directly under the company" (no parent asset). */
export type ParentType = KnownAssetTypeId | null;

/**
 * Spec: site > building > datahall > (optionally split unit) > unit or agent; sites and make-up-air units
 * hang directly under the company. One table, used by create and move alike.
 */
export const ALLOWED_PARENT_TYPES: Readonly<Record<KnownAssetTypeId, readonly ParentType[]>> = {
  [ASSET_TYPE.site]: [null],
  [ASSET_TYPE.building]: [ASSET_TYPE.site],
  [ASSET_TYPE.datahall]: [ASSET_TYPE.building],
  [ASSET_TYPE.splitUnit]: [ASSET_TYPE.datahall],
  [ASSET_TYPE.unit]: [ASSET_TYPE.datahall, ASSET_TYPE.splitUnit],
  [ASSET_TYPE.agent]: [ASSET_TYPE.datahall, ASSET_TYPE.splitUnit],
  [ASSET_TYPE.makeUpAirUnit]: [null],
};

// By sound, not spelling: 'a unit', 'an agent'.
const AN_LABELS: ReadonlySet<string> = new Set(['agent']);

function withArticle(label: string): string {
  return AN_LABELS.has(label) ? `An ${label}` : `A ${label}`;
}

function describeParents(parents: readonly ParentType[]): string {
  if (parents.includes(null)) return 'directly under its company';
  const names = parents.flatMap((parent) =>
    parent === null ? [] : [withArticle(ASSET_TYPE_LABELS[parent]).toLowerCase()],
  );
  return `under ${names.join(' or ')}`;
}

/** The sentence that states where an asset type may go, e.g. 'A unit must be placed under a data hall or a split unit.' */
export function placementRule(assetTypeId: KnownAssetTypeId): string {
  return `${withArticle(ASSET_TYPE_LABELS[assetTypeId])} must be placed ${describeParents(ALLOWED_PARENT_TYPES[assetTypeId])}.`;
}

/**
 * Why an asset of `assetTypeId` cannot go under a parent of `parentTypeId` (null: under the company), or null
 * when it can. Unknown types are refused: the hierarchy has no place for them.
 */
export function placementError(assetTypeId: number, parentTypeId: number | null): string | null {
  if (!isKnownAssetType(assetTypeId)) return `Asset type ${assetTypeId} has no place in the hierarchy.`;
  const allowed: readonly (number | null)[] = ALLOWED_PARENT_TYPES[assetTypeId];
  return allowed.includes(parentTypeId) ? null : placementRule(assetTypeId);
}

export const MOVE_UNDER_ITSELF_MESSAGE = 'An asset cannot be moved under itself or one of its descendants.';

/**
 * Whether moving `assetId` under `newParentId` would make it its own ancestor. `newParentAncestorIds` is the
 * chain above the new parent (any order); the new parent itself is checked separately.
 */
export function wouldCreateCycle(
  assetId: number,
  newParentId: number | null,
  newParentAncestorIds: Iterable<number>,
): boolean {
  if (newParentId === null) return false;
  if (newParentId === assetId) return true;
  for (const ancestorId of newParentAncestorIds) if (ancestorId === assetId) return true;
  return false;
}
