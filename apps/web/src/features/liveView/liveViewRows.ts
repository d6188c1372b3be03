import type { Metric } from '@kelvin/contract';
import { buildMetricTree, DEVICE_STATUS_BITS, filterMetricTree, type MetricTreeNode } from '@kelvin/domain';

/** One line of the live view's list: a group of the metric tree, or a metric. */
export type LiveViewRow =
  | { kind: 'group'; key: string; label: string; depth: number; count: number; collapsed: boolean }
  | { kind: 'metric'; key: string; metric: Metric; depth: number };

/** Bits that make a reading an alarm for 'show only alarms': alarms, faults and units down. */
const ALARM_BITS =
  DEVICE_STATUS_BITS.ALARM |
  DEVICE_STATUS_BITS.UNACKNOWLEDGED_ALARM |
  DEVICE_STATUS_BITS.FAULT |
  DEVICE_STATUS_BITS.DOWN;

export function isAlarmStatus(status: number | undefined): boolean {
  return status !== undefined && status > 0 && (status & ALARM_BITS) !== 0;
}

export interface LiveViewFilter {
  search: string;
  /** Only metrics whose current status is an alarm (see isAlarmStatus). */
  onlyAlarms: boolean;
  statusOf: (metricId: number) => number | undefined;
  collapsed: ReadonlySet<string>;
}

function countMetrics(node: MetricTreeNode<Metric>): number {
  return (node.metric ? 1 : 0) + node.children.reduce((sum, child) => sum + countMetrics(child), 0);
}

function keepAlarms(nodes: readonly MetricTreeNode<Metric>[], alarming: (metric: Metric) => boolean) {
  const keep = (node: MetricTreeNode<Metric>): MetricTreeNode<Metric> | null => {
    const children = node.children
      .map(keep)
      .filter((child): child is MetricTreeNode<Metric> => child !== null);
    const metric = node.metric && alarming(node.metric) ? node.metric : undefined;
    if (!metric && children.length === 0) return null;
    return { ...node, children, metric };
  };
  return nodes.map(keep).filter((node): node is MetricTreeNode<Metric> => node !== null);
}

/**
 * The metric tree of a unit as the flat list the virtualised view draws: each group a header (with how many
 * metrics it holds) followed, unless collapsed, by its metrics and subgroups; a node that is a metric and a
 * group shows the metric first. Search and 'only alarms' cut the tree first, keeping the groups that lead to
 * what is left.
 */
export function liveViewRows(tree: readonly MetricTreeNode<Metric>[], filter: LiveViewFilter): LiveViewRow[] {
  let nodes = filterMetricTree(tree, filter.search);
  if (filter.onlyAlarms)
    nodes = keepAlarms(nodes, (metric) => isAlarmStatus(filter.statusOf(metric.metricId)));
  const rows: LiveViewRow[] = [];
  const walk = (node: MetricTreeNode<Metric>, depth: number): void => {
    if (node.children.length === 0) {
      if (node.metric)
        rows.push({ kind: 'metric', key: `m:${node.metric.metricId}`, metric: node.metric, depth });
      return;
    }
    const collapsed = filter.collapsed.has(node.key);
    rows.push({
      kind: 'group',
      key: `g:${node.key}`,
      label: node.label,
      depth,
      count: countMetrics(node),
      collapsed,
    });
    if (collapsed) return;
    if (node.metric)
      rows.push({ kind: 'metric', key: `m:${node.metric.metricId}`, metric: node.metric, depth: depth + 1 });
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const node of nodes) walk(node, 0);
  return rows;
}

/** The unit's metrics as a tree (built once per catalogue and unit). */
export function liveViewTree(metrics: readonly Metric[]): MetricTreeNode<Metric>[] {
  return buildMetricTree(metrics);
}
