import { buildMetricTree, shortenAlias, type MetricTreeNode } from '@kelvin/domain';
import type { Metric } from '@kelvin/contract';

/** A node of the picker's tree: groups by alias prefix, leaves one metric each. */
export interface PickerNode {
  value: string;
  /** What the node shows: its segment (shortened when 50 characters or more). */
  label: string;
  /** The full alias, for the tooltip, when the label is shortened or a leaf. */
  alias?: string;
  /** What a search matches: labels on the way, alias and metric name. */
  searchText: string;
  children?: PickerNode[];
}

const metricValue = (metricId: number) => `m:${metricId}`;

/** The metric ids among picker values (group values are not metrics). */
export function metricIdsOf(values: readonly string[]): number[] {
  return values.flatMap((value) => (value.startsWith('m:') ? [Number(value.slice(2))] : []));
}

export function pickerValues(metricIds: readonly number[]): string[] {
  return metricIds.map(metricValue);
}

function toPickerNode(node: MetricTreeNode<Metric>, path: string): PickerNode {
  const searchPath = `${path} ${node.label}`.trim();
  const leaf = (metric: Metric, label: string): PickerNode => ({
    value: metricValue(metric.metricId),
    label: shortenAlias(label),
    alias: metric.alias,
    searchText: `${searchPath} ${metric.alias} ${metric.name}`.toLowerCase(),
  });
  if (node.children.length === 0 && node.metric) return leaf(node.metric, node.label);
  const children = node.children.map((child) => toPickerNode(child, searchPath));
  // A metric that is also a group (e.g. 'power' and 'power.total') is the group's first leaf.
  if (node.metric) children.unshift(leaf(node.metric, `${node.label} (${node.metric.name})`));
  return {
    value: `g:${node.key}`,
    label: shortenAlias(node.label),
    searchText: searchPath.toLowerCase(),
    children,
  };
}

/** The spec's metric tree as the picker's data. */
export function metricPickerTree(metrics: readonly Metric[]): PickerNode[] {
  return buildMetricTree(metrics).map((node) => toPickerNode(node, ''));
}
