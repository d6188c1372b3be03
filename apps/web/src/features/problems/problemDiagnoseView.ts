import type { Alert, DetectedProblem } from '@kelvin/contract';
import { metricsViewToDiagnose, type DiagnoseViewData } from '@kelvin/domain';

/** Spec: the problem view starts one hour before the first event. */
export const PROBLEM_VIEW_LEAD_MS = 3_600_000;

/**
 * Spec: opening a problem goes to the metrics view for its asset with the metrics of its alerts, starting one
 * hour before the first event; if any alert is unresolved the range runs to now, otherwise to the last event.
 * The view is an old-style metrics view of those metrics (combined in one chart) under an alert Gantt chart.
 */
export function problemDiagnoseView(
  problem: Pick<DetectedProblem, 'assetId' | 'firstEventAt' | 'lastEventAt' | 'closedAt'>,
  alerts: readonly Pick<Alert, 'status' | 'monitorMetricAlias' | 'metricIds'>[],
  aliasOf: (metricId: number) => string | undefined,
  now: number,
): DiagnoseViewData {
  const from = Date.parse(problem.firstEventAt) - PROBLEM_VIEW_LEAD_MS;
  const unresolved =
    alerts.length === 0 ? problem.closedAt === null : alerts.some((alert) => alert.status !== 'RESOLVED');
  const to = unresolved ? now : Date.parse(problem.lastEventAt);
  const aliases = new Set<string>();
  for (const alert of alerts) {
    if (alert.monitorMetricAlias) aliases.add(alert.monitorMetricAlias);
    for (const metricId of alert.metricIds) {
      const alias = aliasOf(metricId);
      if (alias) aliases.add(alias);
    }
  }
  return metricsViewToDiagnose({
    includeAssets: true,
    includeTimeRange: true,
    aliases: [...aliases],
    fromDate: new Date(from).toISOString(),
    toDate: new Date(Math.max(to, from + 60_000)).toISOString(),
    rangeDisplay: 'Custom',
    combinedView: true,
    showThresholds: false,
    thresholdAsset: null,
    showRawData: false,
    showStackedCharts: false,
    assetIds: [problem.assetId],
  });
}
