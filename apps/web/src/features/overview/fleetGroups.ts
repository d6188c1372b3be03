import type { Asset, FleetAsset } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { naturalOrder } from '../../shared/formatting/naturalOrder.ts';

/** The assets drawn as tiles: the devices that send readings. Halls, sites and agents only hold or carry them. */
const TILE_TYPES: ReadonlySet<number> = new Set([ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit]);

export function isFleetUnit(asset: Pick<Asset, 'assetTypeId'>): boolean {
  return TILE_TYPES.has(asset.assetTypeId);
}

/** A unit as a tile shows it: named as the asset tree names it (assetDisplayName). */
export interface FleetUnit {
  assetId: number;
  name: string;
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

/**
 * A row of a fleet's tree: what grouping reads of the asset tree (buildAssetTree's nodes are such rows), so that
 * the overview can group the slim assets of assets.fleet without making them full assets first.
 */
export interface FleetTreeNode {
  key: string;
  label: string;
  /** Null for a company grouping the roots of one of several companies. */
  asset: { assetId: number; assetTypeId: number } | null;
  children: readonly FleetTreeNode[];
}

/** The units below a hall in tree order, through its split units. */
function unitsBelow(node: FleetTreeNode): FleetUnit[] {
  return node.children.flatMap((child) => fleetUnitOf(child) ?? unitsBelow(child));
}

function fleetUnitOf(node: FleetTreeNode): FleetUnit[] | null {
  return node.asset && isFleetUnit(node.asset) ? [{ assetId: node.asset.assetId, name: node.label }] : null;
}

/**
 * The fleet as blocks of tiles, from the one asset tree (buildAssetTree): a block per data hall holding every unit
 * below it (split units included), and a block for units that hang elsewhere (make-up-air units under their
 * company, or a unit whose hall is outside the user's access). Blocks keep the tree's order; empty halls are left
 * out.
 */
export function fleetGroups(tree: readonly FleetTreeNode[]): FleetGroup[] {
  const groups: FleetGroup[] = [];
  const visit = (nodes: readonly FleetTreeNode[], path: readonly string[], parentKey: string) => {
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

interface MutableNode extends FleetTreeNode {
  children: MutableNode[];
}

function sortDeep(nodes: MutableNode[]): MutableNode[] {
  nodes.sort((a, b) => naturalOrder(a.label, b.label));
  for (const node of nodes) sortDeep(node.children);
  return nodes;
}

/**
 * The tree of assets.fleet's slim assets, as buildAssetTree builds it of full ones: an asset whose parent is not
 * in the list is a root; with more than one company the roots go under their company's name; siblings in natural
 * order of their names. The server has already named each asset as the tree does.
 */
export function fleetTree(
  assets: readonly FleetAsset[],
  companyNames: ReadonlyMap<number, string>,
): FleetTreeNode[] {
  const nodes = new Map<number, MutableNode>();
  for (const asset of assets) {
    nodes.set(asset.assetId, { key: `asset-${asset.assetId}`, label: asset.name, asset, children: [] });
  }
  const roots: { node: MutableNode; companyId: number }[] = [];
  for (const asset of assets) {
    const node = nodes.get(asset.assetId);
    if (!node) continue;
    const parent = asset.parentAssetId === null ? undefined : nodes.get(asset.parentAssetId);
    if (parent) parent.children.push(node);
    else roots.push({ node, companyId: asset.companyId });
  }
  const companyIds = new Set(assets.map((asset) => asset.companyId));
  if (companyIds.size < 2) return sortDeep(roots.map((root) => root.node));
  const companies = new Map<number, MutableNode>();
  for (const { node, companyId } of roots) {
    let company = companies.get(companyId);
    if (!company) {
      const label = companyNames.get(companyId) ?? `Company ${companyId}`;
      company = { key: `company-${companyId}`, label, asset: null, children: [] };
      companies.set(companyId, company);
    }
    company.children.push(node);
  }
  return sortDeep([...companies.values()]);
}

/** The fleet's units in group order: what the counts and the health request cover. */
export function groupedUnitIds(groups: readonly FleetGroup[]): number[] {
  return groups.flatMap((group) => group.units.map((unit) => unit.assetId));
}
