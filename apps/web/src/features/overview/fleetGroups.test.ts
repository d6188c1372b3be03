import { describe, expect, it } from 'vitest';
import type { Asset, FleetAsset } from '@kelvin/contract';
import { ASSET_TYPE, assetDisplayName } from '@kelvin/domain';
import { buildAsset } from '../../test/assetFactories.ts';
import { buildAssetTree } from '../assets/assetTree.ts';
import { fleetGroups, fleetTree, groupedUnitIds } from './fleetGroups.ts';

const site = (assetId: number, name: string, companyId = 2) => buildAsset({ assetId, name, companyId });
const child = (assetId: number, name: string, parentAssetId: number, assetTypeId: number, companyId = 2) =>
  buildAsset({ assetId, name, parentAssetId, assetTypeId, companyId, type: `Type ${assetTypeId}` });

/** Two companies: Acme with a hall holding a unit, a split unit with a unit under it, and an agent; a make-up-air
 * unit under the company; Bravo with one hall of one unit, and an empty hall. */
const fleet = [
  site(1, 'Oslo'),
  child(2, 'Building A', 1, ASSET_TYPE.building),
  child(3, 'Hall 1', 2, ASSET_TYPE.datahall),
  child(4, 'CRAH 02', 3, ASSET_TYPE.unit),
  child(5, 'Split 1', 3, ASSET_TYPE.splitUnit),
  child(6, 'SX 01', 5, ASSET_TYPE.unit),
  child(7, 'Agent 1', 3, ASSET_TYPE.agent),
  child(8, 'CRAH 01', 3, ASSET_TYPE.unit),
  buildAsset({ assetId: 9, name: 'MAU 1', assetTypeId: ASSET_TYPE.makeUpAirUnit, type: 'Make-up air' }),
  site(20, 'Bergen', 3),
  child(21, 'B1', 20, ASSET_TYPE.building, 3),
  child(22, 'Hall B', 21, ASSET_TYPE.datahall, 3),
  child(23, 'B-CRAH', 22, ASSET_TYPE.unit, 3),
  child(24, 'Empty hall', 21, ASSET_TYPE.datahall, 3),
];
const names = new Map([
  [2, 'Acme'],
  [3, 'Bravo'],
]);

describe('fleet groups', () => {
  it('groups units by company, site, building and data hall, split units folded into their hall', () => {
    const groups = fleetGroups(buildAssetTree(fleet, names));
    expect(groups.map((group) => [group.path.join(' › '), group.units.map((unit) => unit.name)])).toEqual([
      ['Acme › Oslo › Building A › Hall 1', ['CRAH 01', 'CRAH 02', 'SX 01']],
      ['Acme', ['MAU 1']],
      ['Bravo › Bergen › B1 › Hall B', ['B-CRAH']],
    ]);
    expect(groups.map((group) => group.datahallId)).toEqual([3, null, 22]);
    expect(groupedUnitIds(groups)).toEqual([8, 4, 6, 9, 23]);
  });

  it('starts at the site for a user of one company, and keeps units whose hall is out of reach', () => {
    const operator = fleet.filter((asset) => [4, 6, 5].includes(asset.assetId));
    const groups = fleetGroups(
      buildAssetTree(
        fleet.filter((asset) => asset.companyId === 2),
        names,
      ),
    );
    expect(groups[0]?.path).toEqual(['Oslo', 'Building A', 'Hall 1']);
    // Only a unit and a split unit visible: no hall above them, so each level's loose units form a group,
    // after the groups below that level.
    const reach = fleetGroups(buildAssetTree(operator));
    expect(reach.map((group) => [group.path, group.units.map((unit) => unit.assetId)])).toEqual([
      [['Split 1'], [6]],
      [[], [4]],
    ]);
  });

  it('has no group for a fleet without units', () => {
    expect(fleetGroups(buildAssetTree([site(1, 'Oslo'), child(3, 'Hall', 1, ASSET_TYPE.datahall)]))).toEqual(
      [],
    );
  });

  it('groups the slim assets of assets.fleet exactly as the full ones', () => {
    // As the server answers them: named as the asset tree names them.
    const slim = (assets: readonly Asset[]): FleetAsset[] =>
      assets.map((asset) => ({
        assetId: asset.assetId,
        companyId: asset.companyId,
        parentAssetId: asset.parentAssetId,
        assetTypeId: asset.assetTypeId,
        name: assetDisplayName(asset),
      }));
    const operator = fleet.filter((asset) => [4, 6, 5].includes(asset.assetId));
    for (const [assets, companyNames] of [
      [fleet, names],
      [fleet, new Map<number, string>()],
      [fleet.filter((asset) => asset.companyId === 2), names],
      [operator, names],
    ] as const) {
      const groups = fleetGroups(fleetTree(slim(assets), companyNames));
      expect(groups).toEqual(fleetGroups(buildAssetTree(assets, companyNames)));
      expect(groups.length).toBeGreaterThan(0);
    }
    expect(fleetGroups(fleetTree(slim(fleet), new Map()))[0]?.path[0]).toBe('Company 2');
  });
});
