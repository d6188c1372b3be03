import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import {
  ASSET_TYPE,
  createUnitFromTemplate,
  UnitTemplateError,
  type CreatedTemplateAsset,
  type UnitTemplate,
  type UnitTemplateApi,
} from '@kelvin/domain';

export type StepStatus = 'running' | 'done' | 'failed';

export interface TemplateStep {
  id: number;
  label: string;
  status: StepStatus;
}

export type TemplateRunOutcome =
  | { kind: 'succeeded'; created: CreatedTemplateAsset[] }
  | { kind: 'failed'; messages: readonly string[]; created: readonly CreatedTemplateAsset[] };

export interface TemplateFormValues {
  unitName: string;
  /** Values of the unit type's template properties, by property name ('name' excluded: it is unitName). */
  unitProperties: Readonly<Record<string, string>>;
  agent: { name: string; properties: Readonly<Record<string, string>> } | null;
}

function propertyList(name: string, values: Readonly<Record<string, string>>) {
  // The name goes first and always: PUT replaces the set, and the server reads the name from it.
  const rest = Object.entries(values)
    .filter(([key, value]) => key !== 'name' && value.trim() !== '')
    .map(([key, value]) => ({ name: key, value: value.trim() }));
  return [{ name: 'name', value: name.trim() }, ...rest].map((property, displayOrder) => ({
    ...property,
    displayOrder,
  }));
}

/** The domain's template from the form: the unit, and the agent next to it (agents hang under the data hall). */
export function templateFromForm(values: TemplateFormValues): UnitTemplate {
  return {
    unit: {
      name: values.unitName.trim(),
      assetTypeId: ASSET_TYPE.unit,
      properties: propertyList(values.unitName, values.unitProperties),
    },
    children: values.agent
      ? [
          {
            name: values.agent.name.trim(),
            assetTypeId: ASSET_TYPE.agent,
            placement: 'sibling',
            properties: propertyList(values.agent.name, values.agent.properties),
          },
        ]
      : [],
  };
}

/**
 * Runs the domain's unit-template orchestration against the real API, reporting each call as a step so that
 * the form can show progress. Never throws: the outcome carries the spec's messages and what now exists.
 */
export async function runUnitTemplate(
  parent: { assetId: number; companyId: number },
  template: UnitTemplate,
  onStep: (steps: TemplateStep[]) => void,
): Promise<TemplateRunOutcome> {
  const steps: TemplateStep[] = [];
  const names = new Map<number, string>();
  async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
    const entry: TemplateStep = { id: steps.length + 1, label, status: 'running' };
    steps.push(entry);
    onStep([...steps]);
    try {
      const result = await work();
      entry.status = 'done';
      return result;
    } catch (error) {
      entry.status = 'failed';
      throw error;
    } finally {
      onStep(steps.map((item) => ({ ...item })));
    }
  }

  const api: UnitTemplateApi = {
    createAsset: (input) =>
      step(`Creating ${input.name}`, async () => {
        const asset = await apiCall(contract.assetsCreate, {
          body: { ...input, companyId: parent.companyId },
        });
        names.set(asset.assetId, input.name);
        return asset;
      }),
    putProperties: (assetId, properties) =>
      step(`Saving the properties of ${names.get(assetId) ?? `asset ${assetId}`}`, () =>
        apiCall(contract.assetsPropertiesPut, { params: { id: assetId }, body: [...properties] }),
      ),
  };

  try {
    const result = await createUnitFromTemplate(api, template, parent.assetId);
    return { kind: 'succeeded', created: [result.unit, ...result.children] };
  } catch (error) {
    if (error instanceof UnitTemplateError) {
      return { kind: 'failed', messages: error.messages, created: error.created };
    }
    return {
      kind: 'failed',
      messages: [error instanceof Error ? error.message : String(error)],
      created: [],
    };
  }
}
