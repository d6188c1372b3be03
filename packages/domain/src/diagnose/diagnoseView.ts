import { isAggregation, type Aggregation } from '../timeseries/aggregation.ts';

export const DIAGNOSE_GROUP_TYPES = ['chart', 'table', 'statusGantt', 'alertGantt'] as const;
export type DiagnoseGroupType = (typeof DIAGNOSE_GROUP_TYPES)[number];

export interface DiagnoseGroup {
  id: string;
  name: string;
  type: DiagnoseGroupType;
  aliases: string[];
  aliasToAggregationFunction: Record<string, Aggregation>;
  showRawData: boolean;
  showStackedCharts: boolean;
}

/** react-grid-layout's item, exactly the spec's fields. */
export interface LayoutItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minH: number;
}

export interface StatusGanttChartConfig {
  viewByStatus: boolean;
  appliedStatusFilters: string[];
}

/** Diagnose shared view data, schema v4 (platform-core section 3). Dates are ISO strings. */
export interface DiagnoseViewData {
  timezone: string | null;
  fromDate: string | null;
  toDate: string | null;
  rangeDisplay: string;
  diagnosePageHistory: { fromDate: string; toDate: string }[];
  selectedAssets: number[];
  groups: DiagnoseGroup[];
  layout: LayoutItem[];
  includeAssets: boolean;
  includeTimeRange: boolean;
  thresholdAsset: number | null;
  statusGanttChartConfig: StatusGanttChartConfig;
}

export const DIAGNOSE_SCHEMA_VERSION = 4;
export const DIAGNOSE_SCHEMA = `v${DIAGNOSE_SCHEMA_VERSION}`;
export const GRID_COLUMNS = 12;
export const ALERT_GANTT_NAME = 'Alert Gantt Chart';
export const METRICS_GROUP_NAME = 'Metrics';

/** The height a new group takes in grid rows, and the least it may be resized to. */
const GROUP_HEIGHT: Record<DiagnoseGroupType, { h: number; minH: number }> = {
  alertGantt: { h: 5, minH: 3 },
  statusGantt: { h: 6, minH: 3 },
  chart: { h: 9, minH: 4 },
  table: { h: 9, minH: 4 },
};

export function newGroup(
  id: string,
  type: DiagnoseGroupType,
  name: string,
  aliases: readonly string[] = [],
  aggregationOf: (alias: string) => Aggregation = () => 'AVERAGE',
): DiagnoseGroup {
  return {
    id,
    name,
    type,
    aliases: [...aliases],
    aliasToAggregationFunction: Object.fromEntries(aliases.map((alias) => [alias, aggregationOf(alias)])),
    showRawData: false,
    showStackedCharts: false,
  };
}

/** A layout item for a group placed under everything in `layout`, across the full width. */
export function layoutItemBelow(layout: readonly LayoutItem[], group: DiagnoseGroup): LayoutItem {
  const y = layout.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
  return { i: group.id, x: 0, y, w: GRID_COLUMNS, ...GROUP_HEIGHT[group.type] };
}

/** Groups stacked top to bottom in their order. */
export function stackedLayout(groups: readonly DiagnoseGroup[]): LayoutItem[] {
  const layout: LayoutItem[] = [];
  for (const group of groups) layout.push(layoutItemBelow(layout, group));
  return layout;
}

/** Spec: the default view is an Alert Gantt Chart group and a Metrics group, over the last hour. */
export function defaultDiagnoseView(): DiagnoseViewData {
  const groups = [
    newGroup('alert-gantt', 'alertGantt', ALERT_GANTT_NAME),
    newGroup('metrics', 'chart', METRICS_GROUP_NAME),
  ];
  return {
    timezone: null,
    fromDate: null,
    toDate: null,
    rangeDisplay: 'Last 1 Hour',
    diagnosePageHistory: [],
    selectedAssets: [],
    groups,
    layout: stackedLayout(groups),
    includeAssets: false,
    includeTimeRange: false,
    thresholdAsset: null,
    statusGanttChartConfig: { viewByStatus: false, appliedStatusFilters: [] },
  };
}

/** 'v4' → 4, '2' → 2; anything else is version 0 (the spec's default shared view schema). */
export function schemaVersion(schema: string | null | undefined): number {
  const match = /^v?(\d+)$/.exec(schema ?? '');
  return match ? Number(match[1]) : 0;
}

export type Loose = Record<string, unknown>;

export function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored data of any diagnose schema, v1 to v4, upgraded step by step as the spec lists (v2 adds
 * showStackedCharts=false, v3 per-alias aggregation AVERAGE, v4 thresholdAsset=null), then read leniently: what
 * is missing or malformed takes its default, so an old or hand-edited view still opens.
 */
export function upgradeDiagnoseView(data: unknown, schema: string | null | undefined): DiagnoseViewData {
  let view: Loose = isRecord(data) ? { ...data } : {};
  const version = schemaVersion(schema);
  const groupsOf = (value: Loose) => (Array.isArray(value.groups) ? value.groups.filter(isRecord) : []);
  const hasGroups = Array.isArray(view.groups);
  if (version < 2 && hasGroups) {
    view = { ...view, groups: groupsOf(view).map((group) => ({ ...group, showStackedCharts: false })) };
  }
  if (version < 3 && hasGroups) {
    view = {
      ...view,
      groups: groupsOf(view).map((group) => ({
        ...group,
        aliasToAggregationFunction: Object.fromEntries(
          strings(group.aliases).map((alias) => [alias, 'AVERAGE']),
        ),
      })),
    };
  }
  if (version < 4) view = { ...view, thresholdAsset: null };
  return readDiagnoseView(view);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function readGroup(raw: Loose, index: number): DiagnoseGroup {
  const type = DIAGNOSE_GROUP_TYPES.find((candidate) => candidate === raw.type) ?? 'chart';
  const aliases = strings(raw.aliases);
  const aggregations = isRecord(raw.aliasToAggregationFunction) ? raw.aliasToAggregationFunction : {};
  return {
    id: typeof raw.id === 'string' && raw.id !== '' ? raw.id : `group-${index + 1}`,
    name: typeof raw.name === 'string' ? raw.name : `Group ${index + 1}`,
    type,
    aliases,
    aliasToAggregationFunction: Object.fromEntries(
      aliases.map((alias) => {
        const aggregation = aggregations[alias];
        return [alias, isAggregation(aggregation) ? aggregation : 'AVERAGE'];
      }),
    ),
    showRawData: raw.showRawData === true,
    showStackedCharts: raw.showStackedCharts === true,
  };
}

function readLayout(raw: unknown, groups: readonly DiagnoseGroup[]): LayoutItem[] {
  const ids = new Set(groups.map((group) => group.id));
  const items = (Array.isArray(raw) ? raw.filter(isRecord) : []).flatMap((item): LayoutItem[] => {
    if (typeof item.i !== 'string' || !ids.has(item.i)) return [];
    return [
      {
        i: item.i,
        x: Math.max(0, numberOr(item.x, 0)),
        y: Math.max(0, numberOr(item.y, 0)),
        w: Math.min(GRID_COLUMNS, Math.max(1, numberOr(item.w, GRID_COLUMNS))),
        h: Math.max(1, numberOr(item.h, 9)),
        minH: Math.max(1, numberOr(item.minH, 3)),
      },
    ];
  });
  // A group the layout forgot is placed below the rest rather than lost.
  for (const group of groups) {
    if (!items.some((item) => item.i === group.id)) items.push(layoutItemBelow(items, group));
  }
  return items;
}

function readDiagnoseView(raw: Loose): DiagnoseViewData {
  const fallback = defaultDiagnoseView();
  const groups = Array.isArray(raw.groups) ? raw.groups.filter(isRecord).map(readGroup) : fallback.groups;
  const config = isRecord(raw.statusGanttChartConfig) ? raw.statusGanttChartConfig : {};
  const date = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    timezone: typeof raw.timezone === 'string' && raw.timezone !== '' ? raw.timezone : null,
    fromDate: date(raw.fromDate),
    toDate: date(raw.toDate),
    rangeDisplay: typeof raw.rangeDisplay === 'string' ? raw.rangeDisplay : fallback.rangeDisplay,
    diagnosePageHistory: (Array.isArray(raw.diagnosePageHistory) ? raw.diagnosePageHistory : [])
      .filter(isRecord)
      .flatMap((entry) => {
        const from = date(entry.fromDate);
        const to = date(entry.toDate);
        return from && to ? [{ fromDate: from, toDate: to }] : [];
      }),
    selectedAssets: (Array.isArray(raw.selectedAssets) ? raw.selectedAssets : []).filter(
      (id): id is number => Number.isSafeInteger(id) && typeof id === 'number' && id > 0,
    ),
    groups,
    layout: readLayout(raw.layout, groups),
    includeAssets: raw.includeAssets === true,
    includeTimeRange: raw.includeTimeRange === true,
    thresholdAsset: numberOr(raw.thresholdAsset, null),
    statusGanttChartConfig: {
      viewByStatus: config.viewByStatus === true,
      appliedStatusFilters: strings(config.appliedStatusFilters),
    },
  };
}
