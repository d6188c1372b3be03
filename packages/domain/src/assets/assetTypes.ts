/** Spec asset type ids (platform-core section 3): the one definition, for server and browser alike. */
export const ASSET_TYPE = {
  site: 1,
  building: 2,
  datahall: 3,
  unit: 4,
  agent: 61,
  splitUnit: 67,
  makeUpAirUnit: 70,
} as const;

export type KnownAssetTypeId = (typeof ASSET_TYPE)[keyof typeof ASSET_TYPE];

const KNOWN_TYPE_IDS: ReadonlySet<number> = new Set(Object.values(ASSET_TYPE));

export function isKnownAssetType(assetTypeId: number): assetTypeId is KnownAssetTypeId {
  return KNOWN_TYPE_IDS.has(assetTypeId);
}

/** How messages name each type; the stored type names ('Datahall') read badly inside a sentence. */
export const ASSET_TYPE_LABELS: Readonly<Record<KnownAssetTypeId, string>> = {
  [ASSET_TYPE.site]: 'site',
  [ASSET_TYPE.building]: 'building',
  [ASSET_TYPE.datahall]: 'data hall',
  [ASSET_TYPE.unit]: 'unit',
  [ASSET_TYPE.agent]: 'agent',
  [ASSET_TYPE.splitUnit]: 'split unit',
  [ASSET_TYPE.makeUpAirUnit]: 'make-up-air unit',
};

/** Spec: the split-unit flag comes from the type id alone. */
export function isSplitUnit(assetTypeId: number): boolean {
  return assetTypeId === ASSET_TYPE.splitUnit;
}
