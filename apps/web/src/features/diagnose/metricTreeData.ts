import { buildMetricTree, shortenAlias, type MetricTreeNode } from '@kelvin/domain';
import type { Metric } from '@kelvin/contract';

/** A node of the picker's tree: groups by alias prefix (only opened, never chosen), leaves one metric each. */
export interface PickerNode {
  value: string;
  /** What the node shows: a group its segment, a leaf its metric's name. */
  label: string;
  /** A leaf's alias (shortened when 50 characters or more), shown under its name. */
  alias?: string;
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

/** A metric as a leaf: its name, its alias beneath. */
export function pickerLeaf(metric: Metric): PickerNode {
  return { value: metricValue(metric.metricId), label: metric.name, alias: shortenAlias(metric.alias) };
}

function toPickerNode(node: MetricTreeNode<Metric>): PickerNode {
  if (node.children.length === 0 && node.metric) return pickerLeaf(node.metric);
  const children = node.children.map(toPickerNode);
  // A metric that is also a group (e.g. 'power' and 'power.total') is the group's first leaf.
  if (node.metric) children.unshift(pickerLeaf(node.metric));
  return { value: `g:${node.key}`, label: shortenAlias(node.label), children };
}

/** The spec's metric tree as the picker's data, for browsing. */
export function metricPickerTree(metrics: readonly Metric[]): PickerNode[] {
  return buildMetricTree(metrics).map((node) => toPickerNode(node));
}

/** 'temperature.supplyAir' → 'temperature supply air': an alias read as words, so 'supply air' finds it. */
const aliasWords = (alias: string) =>
  alias
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._/:-]+/g, ' ')
    .toLowerCase();

/**
 * The metrics a search finds, best first: every word of the query must appear in the name, the alias or the
 * alias read as words. Metrics whose name, alias or last alias segment starts with the query come first, then those holding it, then the rest, each in
 * name order. A search lists metrics only, so that every row it shows adds exactly one metric.
 */
export function searchMetrics(metrics: readonly Metric[], query: string): Metric[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [];
  const words = wanted.split(/\s+/);
  const rank = (metric: Metric) => {
    const name = metric.name.toLowerCase();
    const alias = metric.alias.toLowerCase();
    const last = alias.split('.').at(-1) ?? '';
    if (name.startsWith(wanted) || alias.startsWith(wanted) || last.startsWith(wanted)) return 0;
    if (name.includes(wanted) || alias.includes(wanted)) return 1;
    return 2;
  };
  return metrics
    .filter((metric) => {
      const text = `${metric.name} ${metric.alias} ${aliasWords(metric.alias)}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .map((metric) => ({ metric, rank: rank(metric) }))
    .sort((a, b) => a.rank - b.rank || a.metric.name.localeCompare(b.metric.name))
    .map(({ metric }) => metric);
}
