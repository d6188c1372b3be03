/** The fields of a metric that place it in the tree (platform-core section 3, Metric). */
export interface TreeMetric {
  metricId: number;
  alias: string;
}

export interface MetricTreeNode<M extends TreeMetric = TreeMetric> {
  /** The alias prefix this node stands for, unique in the tree (e.g. 'compressor.1'). */
  key: string;
  /** What the node shows: a segment, a numbered segment ('compressor 1') or 'uncategorized'. */
  label: string;
  children: MetricTreeNode<M>[];
  /** The metric whose alias ends here; a node may be both a metric and a group of longer aliases. */
  metric?: M;
}

export const UNCATEGORIZED = 'uncategorized';
const SLOT_PREFIX = 'slot:/';
/** Spec: aliases of 50 characters or more are shortened for display. */
export const ALIAS_SHORTEN_AT = 50;
const SHORT_HEAD = 24;
const SHORT_TAIL = 22;

/**
 * The labels of an alias's path in the tree: split on dots, a numeric segment named with the preceding segment
 * plus the number ('fan.2.speed' → fan, fan 2, speed); 'slot:/' aliases sit under 'uncategorized' whole.
 */
export function aliasPath(alias: string): string[] {
  if (alias.startsWith(SLOT_PREFIX)) return [UNCATEGORIZED, alias];
  const segments = alias.split('.').filter((segment) => segment !== '');
  return segments.map((segment, index) => {
    const previous = segments[index - 1];
    return /^\d+$/.test(segment) && previous !== undefined ? `${previous} ${segment}` : segment;
  });
}

/** An alias as shown: whole below 50 characters, else its head and tail around an ellipsis (tooltip: whole). */
export function shortenAlias(alias: string): string {
  if (alias.length < ALIAS_SHORTEN_AT) return alias;
  return `${alias.slice(0, SHORT_HEAD)}…${alias.slice(-SHORT_TAIL)}`;
}

/** The metric tree: groups and leaves sorted by label (numbers in numeric order), 'uncategorized' last. */
export function buildMetricTree<M extends TreeMetric>(metrics: readonly M[]): MetricTreeNode<M>[] {
  const root: MetricTreeNode<M> = { key: '', label: '', children: [] };
  const byKey = new Map<string, MetricTreeNode<M>>();
  for (const metric of metrics) {
    let parent = root;
    aliasPath(metric.alias).forEach((label, index, labels) => {
      const key = labels.slice(0, index + 1).join('\u0000');
      let node = byKey.get(key);
      if (!node) {
        node = { key: labels.slice(0, index + 1).join('.'), label, children: [] };
        byKey.set(key, node);
        parent.children.push(node);
      }
      if (index === labels.length - 1) node.metric = metric;
      parent = node;
    });
  }
  sortTree(root.children);
  return root.children;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function sortTree<M extends TreeMetric>(nodes: MetricTreeNode<M>[]): void {
  nodes.sort((a, b) => {
    if (a.label === UNCATEGORIZED || b.label === UNCATEGORIZED) {
      return Number(a.label === UNCATEGORIZED) - Number(b.label === UNCATEGORIZED);
    }
    return collator.compare(a.label, b.label);
  });
  for (const node of nodes) sortTree(node.children);
}

/**
 * The tree cut down to the metrics a search matches (in the alias, the metric's name or any label on its path,
 * ignoring case), keeping the groups that lead to them.
 */
export function filterMetricTree<M extends TreeMetric & { name?: string }>(
  nodes: readonly MetricTreeNode<M>[],
  search: string,
): MetricTreeNode<M>[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...nodes];
  const keep = (node: MetricTreeNode<M>, pathMatches: boolean): MetricTreeNode<M> | null => {
    const matches = pathMatches || node.label.toLowerCase().includes(needle);
    const children = node.children
      .map((child) => keep(child, matches))
      .filter((child): child is MetricTreeNode<M> => child !== null);
    const metricMatches =
      node.metric !== undefined &&
      (matches ||
        node.metric.alias.toLowerCase().includes(needle) ||
        (node.metric.name ?? '').toLowerCase().includes(needle));
    if (!metricMatches && children.length === 0) return null;
    return { ...node, children, ...(metricMatches ? {} : { metric: undefined }) };
  };
  return nodes.map((node) => keep(node, false)).filter((node): node is MetricTreeNode<M> => node !== null);
}

/** Every metric under a node, itself included: what choosing a group selects. */
export function metricsUnder<M extends TreeMetric>(node: MetricTreeNode<M>): M[] {
  return [...(node.metric ? [node.metric] : []), ...node.children.flatMap((child) => metricsUnder(child))];
}
