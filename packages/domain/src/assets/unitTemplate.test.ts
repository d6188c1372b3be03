import { describe, expect, it } from 'vitest';
import {
  createUnitFromTemplate,
  UnitTemplateError,
  type UnitTemplate,
  type UnitTemplateApi,
} from './unitTemplate.ts';

const template: UnitTemplate = {
  unit: { name: 'Unit', assetTypeId: 4, properties: [{ name: 'model', value: 'CW-400' }] },
  children: [
    {
      name: 'Agent',
      assetTypeId: 61,
      properties: [{ name: 'firmwareVersion', value: '4.12.3' }],
      placement: 'sibling',
    },
    { name: 'Sensor', assetTypeId: 4, properties: [] },
  ],
};

/** A fake API that fails on the names given and records every call. */
function fakeApi(failCreate: string[] = [], failProperties: string[] = []) {
  let nextId = 100;
  const names = new Map<number, string>();
  const calls: string[] = [];
  const api: UnitTemplateApi = {
    createAsset(input) {
      calls.push(`create ${input.name} under ${input.parentAssetId}`);
      if (failCreate.includes(input.name)) return Promise.reject(new Error('boom'));
      const assetId = nextId++;
      names.set(assetId, input.name);
      return Promise.resolve({ assetId });
    },
    putProperties(assetId) {
      const name = names.get(assetId) ?? '?';
      calls.push(`properties ${name}`);
      return failProperties.includes(name) ? Promise.reject(new Error('boom')) : Promise.resolve();
    },
  };
  return { api, calls };
}

async function caught(promise: Promise<unknown>): Promise<UnitTemplateError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UnitTemplateError) return error;
    throw error;
  }
  throw new Error('expected a UnitTemplateError');
}

describe('unit template creation', () => {
  it('creates the unit, its properties, then each child and its properties', async () => {
    const { api, calls } = fakeApi();
    const result = await createUnitFromTemplate(api, template, 7);
    expect(calls).toEqual([
      'create Unit under 7',
      'properties Unit',
      'create Agent under 7',
      'properties Agent',
      'create Sensor under 100',
    ]);
    expect(result.unit).toEqual({ name: 'Unit', assetId: 100, assetTypeId: 4, propertiesSaved: true });
    expect(result.children.map((child) => [child.name, child.assetId, child.propertiesSaved])).toEqual([
      ['Agent', 101, true],
      ['Sensor', 102, true],
    ]);
  });

  it('aborts when the unit cannot be created, and nothing exists', async () => {
    const { api, calls } = fakeApi(['Unit']);
    const error = await caught(createUnitFromTemplate(api, template, 7));
    expect(error.messages).toEqual(['Unable to create unit: Unit']);
    expect(error.created).toEqual([]);
    expect(calls).toEqual(['create Unit under 7']);
  });

  it('aborts when the unit properties fail, saying the unit exists', async () => {
    const { api, calls } = fakeApi([], ['Unit']);
    const error = await caught(createUnitFromTemplate(api, template, 7));
    expect(error.messages).toEqual(['Unable to create unit properties: Unit']);
    expect(error.created).toEqual([{ name: 'Unit', assetId: 100, assetTypeId: 4, propertiesSaved: false }]);
    expect(calls).toHaveLength(2);
  });

  it('collects child failures, carries on, and throws them all at the end', async () => {
    const { api } = fakeApi(['Sensor'], ['Agent']);
    const error = await caught(createUnitFromTemplate(api, template, 7));
    expect(error.messages).toEqual([
      'Unable to associate asset properties for Agent',
      'Unable to create asset: Sensor',
    ]);
    expect(error.message).toBe(
      'Unable to associate asset properties for Agent\nUnable to create asset: Sensor',
    );
    expect(error.created.map((asset) => [asset.name, asset.propertiesSaved])).toEqual([
      ['Unit', true],
      ['Agent', false],
    ]);
  });

  it('skips the properties call when there are none', async () => {
    const { api, calls } = fakeApi();
    await createUnitFromTemplate(
      api,
      { unit: { name: 'Unit', assetTypeId: 4, properties: [] }, children: [] },
      3,
    );
    expect(calls).toEqual(['create Unit under 3']);
  });
});
