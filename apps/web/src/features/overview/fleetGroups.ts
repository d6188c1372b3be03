import type { Asset } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import type { AssetTreeNode } from '../assets/assetTree.ts';

/** The assets drawn as tiles: the devices that send readings. Halls, sites and agents only hold or carry them. */
const TILE_TYPES: ReadonlySet<number> = new Set([ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit]);

export function isFleetUnit(asset: Pick<Asset, 'assetTypeId'>): boolean {
  return TILE_TYPES.has(asset.assetTypeId);
}

/** A unit as a tile shows it: named as the asset tree names it (assetDisplayName). */
export interface FleetUnit {
  assetId: number;
  name: string;
  asset: Asset;
}

/** One block of tiles: the units of a data hall, or the units standing directly under something else. */
export interface FleetGroup {
  key: string;
  /** The names above the units, outermost first: company (when several), site, building, data hall. */
  path: readonly string[];
  /** The hall the units stand in, when the group is one. */
  datahallId: number | null;
  units: readonly FleetUnit[];
}

/** The units below a hall in tree order, through its split units. */
function unitsBelow(node: AssetTreeNode): FleetUnit[] {
  return node.children.flatMap((child) => fleetUnitOf(child) ?? unitsBelow(child));
}

function fleetUnitOf(node: AssetTreeNode): FleetUnit[] | null {
  return node.asset && isFleetUnit(node.asset)
    ? [{ assetId: node.asset.assetId, name: node.label, asset: node.asset }]
    : null;
}

/**
 * The fleet as blocks of tiles, from the one asset tree (buildAssetTree): a block per data hall holding every unit
 * below it (split units included), and a block for units that hang elsewhere (make-up-air units under their
 * company, or a unit whose hall is outside the user's access). Blocks keep the tree's order; empty halls are left
 * out.
 */
export function fleetGroups(tree: readonly AssetTreeNode[]): FleetGroup[] {
  const groups: FleetGroup[] = [];
  const visit = (nodes: readonly AssetTreeNode[], path: readonly string[], parentKey: string) => {
    const loose: FleetUnit[] = [];
    for (const node of nodes) {
      const asset = node.asset;
      const unit = fleetUnitOf(node);
      if (unit) {
        loose.push(...unit);
      } else if (asset?.assetTypeId === ASSET_TYPE.datahall) {
        const units = unitsBelow(node);
        if (units.length > 0) {
          groups.push({ key: node.key, path: [...path, node.label], datahallId: asset.assetId, units });
        }
      } else {
        visit(node.children, [...path, node.label], node.key);
      }
    }
    if (loose.length > 0) groups.push({ key: `${parentKey}/units`, path, datahallId: null, units: loose });
  };
  visit(tree, [], 'root');
  return groups;
}

/** The fleet's units in group order: what the counts and the health request cover. */
export function groupedUnitIds(groups: readonly FleetGroup[]): number[] {
  return groups.flatMap((group) => group.units.map((unit) => unit.assetId));
}
