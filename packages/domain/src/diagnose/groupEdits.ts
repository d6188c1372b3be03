import type { Aggregation } from '../timeseries/aggregation.ts';
import {
  ALERT_GANTT_NAME,
  layoutItemBelow,
  METRICS_GROUP_NAME,
  newGroup,
  type DiagnoseGroup,
  type DiagnoseGroupType,
  type DiagnoseViewData,
  type LayoutItem,
} from './diagnoseView.ts';

/** The name a new group of each type starts with. */
export const GROUP_TYPE_NAMES: Record<DiagnoseGroupType, string> = {
  chart: METRICS_GROUP_NAME,
  table: 'Table',
  statusGantt: 'Status Gantt Chart',
  alertGantt: ALERT_GANTT_NAME,
};

/** An id not yet used by a group of the view: 'chart-2', 'table-1'. */
function freeGroupId(view: DiagnoseViewData, type: DiagnoseGroupType): string {
  const used = new Set(view.groups.map((group) => group.id));
  let index = 1;
  while (used.has(`${type}-${index}`)) index += 1;
  return `${type}-${index}`;
}

/** A new group below the others, across the full width. */
export function addGroup(view: DiagnoseViewData, type: DiagnoseGroupType): DiagnoseViewData {
  const group = newGroup(freeGroupId(view, type), type, GROUP_TYPE_NAMES[type]);
  return {
    ...view,
    groups: [...view.groups, group],
    layout: [...view.layout, layoutItemBelow(view.layout, group)],
  };
}

export function removeGroup(view: DiagnoseViewData, groupId: string): DiagnoseViewData {
  return {
    ...view,
    groups: view.groups.filter((group) => group.id !== groupId),
    layout: view.layout.filter((item) => item.i !== groupId),
  };
}

function updateGroup(
  view: DiagnoseViewData,
  groupId: string,
  change: (group: DiagnoseGroup) => DiagnoseGroup,
): DiagnoseViewData {
  return { ...view, groups: view.groups.map((group) => (group.id === groupId ? change(group) : group)) };
}

/** A blank or whitespace name keeps the old one: a group always has a name to show. */
export function renameGroup(view: DiagnoseViewData, groupId: string, name: string): DiagnoseViewData {
  const trimmed = name.trim();
  return trimmed === '' ? view : updateGroup(view, groupId, (group) => ({ ...group, name: trimmed }));
}

/**
 * The group's aliases become `aliases`: aliases it keeps keep their aggregation, new ones take their metric's
 * default (MAX for enum, step and version metrics, AVERAGE otherwise).
 */
export function setGroupAliases(
  view: DiagnoseViewData,
  groupId: string,
  aliases: readonly string[],
  defaultOf: (alias: string) => Aggregation,
): DiagnoseViewData {
  return updateGroup(view, groupId, (group) => ({
    ...group,
    aliases: [...aliases],
    aliasToAggregationFunction: Object.fromEntries(
      aliases.map((alias) => [alias, group.aliasToAggregationFunction[alias] ?? defaultOf(alias)]),
    ),
  }));
}

export function setAliasAggregation(
  view: DiagnoseViewData,
  groupId: string,
  alias: string,
  aggregation: Aggregation,
): DiagnoseViewData {
  return updateGroup(view, groupId, (group) =>
    group.aliases.includes(alias)
      ? {
          ...group,
          aliasToAggregationFunction: { ...group.aliasToAggregationFunction, [alias]: aggregation },
        }
      : group,
  );
}

export function setGroupOption(
  view: DiagnoseViewData,
  groupId: string,
  option: 'showRawData' | 'showStackedCharts',
  on: boolean,
): DiagnoseViewData {
  return updateGroup(view, groupId, (group) => ({ ...group, [option]: on }));
}

/** The grid's new positions, kept to the spec's fields and to groups that exist. */
export function setLayout(view: DiagnoseViewData, layout: readonly LayoutItem[]): DiagnoseViewData {
  const ids = new Set(view.groups.map((group) => group.id));
  return {
    ...view,
    layout: layout
      .filter((item) => ids.has(item.i))
      .map(({ i, x, y, w, h, minH }) => ({ i, x, y, w, h, minH })),
  };
}

/**
 * The aggregation a group's alias is asked with: RAW when the group shows raw data and the range allows it
 * (at most 24 hours), else the alias's own (a RAW chosen per alias falls back to AVERAGE past 24 hours).
 */
export function effectiveAggregation(group: DiagnoseGroup, alias: string, rawAllowed: boolean): Aggregation {
  const own = group.aliasToAggregationFunction[alias] ?? 'AVERAGE';
  if (group.showRawData && rawAllowed) return 'RAW';
  return own === 'RAW' && !rawAllowed ? 'AVERAGE' : own;
}
