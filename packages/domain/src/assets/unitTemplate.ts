/** One asset a unit template creates, with the properties to set on it. */
export interface TemplateAsset {
  /** Shown in the spec's messages, e.g. 'Unit', 'Agent', or the asset's own name. */
  name: string;
  assetTypeId: number;
  properties: readonly { name: string; value: string; displayOrder?: number }[];
}

export interface UnitTemplate {
  unit: TemplateAsset;
  /**
   * Assets created after the unit: under the unit itself by default, or next to it (`placement: 'sibling'`,
   * e.g. the agent that watches a unit sits in the same data hall).
   */
  children: readonly (TemplateAsset & { placement?: 'child' | 'sibling' })[];
}

/** What the orchestration needs from the API; injected so that the rule stays pure and testable. */
export interface UnitTemplateApi {
  createAsset(input: {
    name: string;
    assetTypeId: number;
    parentAssetId: number;
  }): Promise<{ assetId: number }>;
  putProperties(assetId: number, properties: TemplateAsset['properties']): Promise<unknown>;
}

/** An asset that exists after the run, and whether its properties were saved. */
export interface CreatedTemplateAsset {
  name: string;
  assetId: number;
  assetTypeId: number;
  propertiesSaved: boolean;
}

export interface UnitTemplateResult {
  unit: CreatedTemplateAsset;
  children: CreatedTemplateAsset[];
}

/** Thrown with every message collected and, in `created`, exactly the assets that exist now. */
export class UnitTemplateError extends Error {
  constructor(
    readonly messages: readonly string[],
    readonly created: readonly CreatedTemplateAsset[],
  ) {
    super(messages.join('\n'));
    this.name = 'UnitTemplateError';
  }
}

export const unitTemplateMessages = {
  unit: (name: string) => `Unable to create unit: ${name}`,
  unitProperties: (name: string) => `Unable to create unit properties: ${name}`,
  asset: (name: string) => `Unable to create asset: ${name}`,
  assetProperties: (name: string) => `Unable to associate asset properties for ${name}`,
} as const;

/**
 * Spec: create the unit, set its properties, then create the children and their properties. A failure on the
 * unit aborts (nothing may hang under a unit that is half made) and throws the list; child failures are
 * collected, the remaining children are still attempted, and the list is thrown at the end. Either way the
 * error's `created` says exactly what now exists, so the user can finish or remove it.
 */
export async function createUnitFromTemplate(
  api: UnitTemplateApi,
  template: UnitTemplate,
  parentAssetId: number,
): Promise<UnitTemplateResult> {
  const { unit } = template;
  let unitAssetId: number;
  try {
    unitAssetId = (await api.createAsset({ name: unit.name, assetTypeId: unit.assetTypeId, parentAssetId }))
      .assetId;
  } catch {
    throw new UnitTemplateError([unitTemplateMessages.unit(unit.name)], []);
  }
  const createdUnit: CreatedTemplateAsset = {
    name: unit.name,
    assetId: unitAssetId,
    assetTypeId: unit.assetTypeId,
    propertiesSaved: false,
  };
  try {
    if (unit.properties.length > 0) await api.putProperties(unitAssetId, unit.properties);
    createdUnit.propertiesSaved = true;
  } catch {
    throw new UnitTemplateError([unitTemplateMessages.unitProperties(unit.name)], [createdUnit]);
  }

  const messages: string[] = [];
  const children: CreatedTemplateAsset[] = [];
  for (const child of template.children) {
    const parent = child.placement === 'sibling' ? parentAssetId : unitAssetId;
    let assetId: number;
    try {
      assetId = (
        await api.createAsset({ name: child.name, assetTypeId: child.assetTypeId, parentAssetId: parent })
      ).assetId;
    } catch {
      messages.push(unitTemplateMessages.asset(child.name));
      continue;
    }
    const created: CreatedTemplateAsset = {
      name: child.name,
      assetId,
      assetTypeId: child.assetTypeId,
      propertiesSaved: false,
    };
    children.push(created);
    try {
      if (child.properties.length > 0) await api.putProperties(assetId, child.properties);
      created.propertiesSaved = true;
    } catch {
      messages.push(unitTemplateMessages.assetProperties(child.name));
    }
  }
  if (messages.length > 0) throw new UnitTemplateError(messages, [createdUnit, ...children]);
  return { unit: createdUnit, children };
}
