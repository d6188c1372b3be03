import {
  ALERT_GANTT_NAME,
  defaultDiagnoseView,
  isRecord,
  METRICS_GROUP_NAME,
  newGroup,
  schemaVersion,
  stackedLayout,
  upgradeDiagnoseView,
  type DiagnoseGroup,
  type DiagnoseViewData,
} from './diagnoseView.ts';

/** Metrics shared view data, schema 2 (version 1 lacks showStackedCharts). */
export interface MetricsViewData {
  includeAssets: boolean;
  includeTimeRange: boolean;
  aliases: string[];
  fromDate: string | null;
  toDate: string | null;
  rangeDisplay: string;
  combinedView: boolean;
  showThresholds: boolean;
  thresholdAsset: number | null;
  showRawData: boolean;
  showStackedCharts: boolean;
  assetIds: number[];
}

export const METRICS_SCHEMA_VERSION = 2;

/** A stored metrics view of schema 1 or 2, upgraded (v2 adds showStackedCharts=false) and read leniently. */
export function upgradeMetricsView(data: unknown, schema: string | null | undefined): MetricsViewData {
  const raw = isRecord(data) ? data : {};
  const aliases = Array.isArray(raw.aliases)
    ? raw.aliases.filter((alias): alias is string => typeof alias === 'string')
    : [];
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    includeAssets: raw.includeAssets === true,
    includeTimeRange: raw.includeTimeRange === true,
    aliases,
    fromDate: text(raw.fromDate),
    toDate: text(raw.toDate),
    rangeDisplay: text(raw.rangeDisplay) ?? 'Last 1 Hour',
    combinedView: raw.combinedView === true,
    showThresholds: raw.showThresholds === true,
    thresholdAsset: typeof raw.thresholdAsset === 'number' ? raw.thresholdAsset : null,
    showRawData: raw.showRawData === true,
    showStackedCharts: schemaVersion(schema) >= METRICS_SCHEMA_VERSION && raw.showStackedCharts === true,
    assetIds: Array.isArray(raw.assetIds)
      ? raw.assetIds.filter(
          (id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0,
        )
      : [],
  };
}

/**
 * An old metrics view as a diagnose view (spec): an alert Gantt group plus one combined group of every alias
 * (combinedView), or one group per alias; its range, assets and threshold asset carried over.
 */
export function metricsViewToDiagnose(metrics: MetricsViewData): DiagnoseViewData {
  const chart = (id: string, name: string, aliases: readonly string[]): DiagnoseGroup => ({
    ...newGroup(id, 'chart', name, aliases),
    showRawData: metrics.showRawData,
    showStackedCharts: metrics.showStackedCharts,
  });
  const charts = metrics.combinedView
    ? [chart('metrics', METRICS_GROUP_NAME, metrics.aliases)]
    : metrics.aliases.map((alias, index) => chart(`metric-${index + 1}`, alias, [alias]));
  const groups = [newGroup('alert-gantt', 'alertGantt', ALERT_GANTT_NAME), ...charts];
  return upgradeDiagnoseView(
    {
      ...defaultDiagnoseView(),
      fromDate: metrics.fromDate,
      toDate: metrics.toDate,
      rangeDisplay: metrics.rangeDisplay,
      selectedAssets: metrics.assetIds,
      groups,
      layout: stackedLayout(groups),
      includeAssets: metrics.includeAssets,
      includeTimeRange: metrics.includeTimeRange,
      thresholdAsset: metrics.thresholdAsset,
    },
    'v4',
  );
}
