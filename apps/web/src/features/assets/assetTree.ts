import type { Asset } from '@kelvin/contract';
import { assetDisplayName, shortenAssetType } from '@kelvin/domain';
import { naturalOrder } from '../../shared/formatting/naturalOrder.ts';
import { presentAssetName, presentCompanyName } from '../../shared/preferences/names.ts';

/** One row of an asset tree: an asset, or a company grouping the assets of a provider's many customers. */
export interface AssetTreeNode {
  key: string;
  label: string;
  /** The shortened type, shown next to the name. */
  detail: string;
  /** Null for a company group, which can be opened but not selected. */
  asset: Asset | null;
  children: AssetTreeNode[];
}

function byLabel(a: AssetTreeNode, b: AssetTreeNode): number {
  return naturalOrder(a.label, b.label);
}

function sortDeep(nodes: AssetTreeNode[]): AssetTreeNode[] {
  nodes.sort(byLabel);
  for (const node of nodes) sortDeep(node.children);
  return nodes;
}

/**
 * The hierarchy of a flat asset list: an asset whose parent is not in the list is a root (sites, make-up-air
 * units, or the top of what a customer's access groups reach). With `companyNames` and more than one company,
 * the roots are grouped under their companies.
 */
export function buildAssetTree(
  assets: readonly Asset[],
  companyNames?: ReadonlyMap<number, string>,
): AssetTreeNode[] {
  const nodes = new Map<number, AssetTreeNode>();
  for (const asset of assets) {
    nodes.set(asset.assetId, {
      key: `asset-${asset.assetId}`,
      label: presentAssetName(asset, assetDisplayName(asset)),
      detail: shortenAssetType(asset.type),
      asset,
      children: [],
    });
  }
  const roots: AssetTreeNode[] = [];
  for (const asset of assets) {
    const node = nodes.get(asset.assetId);
    if (!node) continue;
    const parent = asset.parentAssetId === null ? undefined : nodes.get(asset.parentAssetId);
    (parent ? parent.children : roots).push(node);
  }
  const companyIds = new Set(assets.map((asset) => asset.companyId));
  if (!companyNames || companyIds.size < 2) return sortDeep(roots);

  const groups = new Map<number, AssetTreeNode>();
  for (const root of roots) {
    const companyId = root.asset?.companyId ?? 0;
    let group = groups.get(companyId);
    if (!group) {
      group = {
        key: `company-${companyId}`,
        label: presentCompanyName(companyId, companyNames.get(companyId) ?? `Company ${companyId}`),
        detail: 'Company',
        asset: null,
        children: [],
      };
      groups.set(companyId, group);
    }
    group.children.push(root);
  }
  return sortDeep([...groups.values()]);
}

/**
 * The tree cut down to the nodes whose label or type matches the search, with their ancestors (to show where
 * they are) and their whole subtrees (a matching site keeps its buildings).
 */
export function filterAssetTree(nodes: readonly AssetTreeNode[], search: string): AssetTreeNode[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...nodes];
  const matches = (node: AssetTreeNode) =>
    node.label.toLowerCase().includes(needle) || node.detail.toLowerCase().includes(needle);
  return nodes.flatMap((node) => {
    if (matches(node)) return [node];
    const children = filterAssetTree(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Keys of the nodes on the way to the asset, so that a selected asset starts visible. */
export function ancestorKeys(nodes: readonly AssetTreeNode[], assetId: number): string[] {
  for (const node of nodes) {
    if (node.asset?.assetId === assetId) return [];
    const below = ancestorKeys(node.children, assetId);
    if (below.length > 0 || node.children.some((child) => child.asset?.assetId === assetId)) {
      return [node.key, ...below];
    }
  }
  return [];
}

/** Every key of a tree: a search opens every branch it kept. */
export function allKeys(nodes: readonly AssetTreeNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children)]);
}

export interface VisibleTreeRow {
  node: AssetTreeNode;
  level: number;
  parentKey: string | null;
  /** Its place among its siblings (1-based) and their number: the tree is drawn flat, so ARIA is told. */
  posInSet: number;
  setSize: number;
}

/** The rows a reader walks with the arrow keys: depth first, only inside open branches. */
export function visibleRows(
  nodes: readonly AssetTreeNode[],
  expanded: ReadonlySet<string>,
  level = 1,
  parentKey: string | null = null,
): VisibleTreeRow[] {
  return nodes.flatMap((node, index) => [
    { node, level, parentKey, posInSet: index + 1, setSize: nodes.length },
    ...(expanded.has(node.key) ? visibleRows(node.children, expanded, level + 1, node.key) : []),
  ]);
}
