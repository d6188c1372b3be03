import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { chartInterval, chartMaxPoints } from './chartInterval.ts';

/** Spec: the metric catalogue and asset metrics are cached (time-to-live 300000 ms). */
const CATALOGUE_TTL_MS = 300_000;

export const diagnoseKey = ['diagnose'] as const;

/** The metric catalogue (GET /api/metrics): asked by the screens, and early by the diagnose route (prefetchDiagnose). */
export const metricCatalogueQuery = queryOptions({
  queryKey: [...diagnoseKey, 'metrics'],
  queryFn: ({ signal }) => apiCall(contract.metricsList, { signal }),
  staleTime: CATALOGUE_TTL_MS,
});

export function useMetricCatalogue() {
  return useQuery(metricCatalogueQuery);
}

/** While an asset has reported no metric yet, how often to ask again (a fresh unit's first values are seconds away). */
export const UNREPORTED_RETRY_MS = 5_000;

/**
 * The metric ids the given assets report. The answer is cached like the catalogue, except while one of the assets
 * has reported nothing: a screen opened before a unit's first value would otherwise list nothing for five minutes.
 */
export function useAssetMetricIds(assetIds: readonly number[]) {
  return useQuery({
    ...assetMetricIdsQuery(assetIds),
    enabled: assetIds.length > 0,
    refetchInterval: (query) => unreportedRetryInterval(assetIds, query.state.data),
  });
}

/** The metric ids the given assets report (GET /api/assets/metrics). */
export function assetMetricIdsQuery(assetIds: readonly number[]) {
  return queryOptions({
    queryKey: [...diagnoseKey, 'assetMetrics', assetIds],
    queryFn: ({ signal }) =>
      apiCall(contract.assetMetricsList, { query: { assetIds: assetIds.join(',') }, signal }),
    staleTime: CATALOGUE_TTL_MS,
  });
}

/** How soon to ask again for the assets' metric ids: soon while one has reported nothing, else not by time. */
export function unreportedRetryInterval(
  assetIds: readonly number[],
  reported: readonly { assetId: number; metricIds: readonly number[] }[] | undefined,
): number | false {
  if (!reported) return false;
  const silent = assetIds.some(
    (assetId) => (reported.find((entry) => entry.assetId === assetId)?.metricIds.length ?? 0) === 0,
  );
  return silent ? UNREPORTED_RETRY_MS : false;
}

type Aggregation = BodyInput<
  typeof contract.timeSeriesGet
>['metricsWithAggregateFunction'][number]['aggregateFunction'];

export interface ChartRequest {
  assetIds: readonly number[];
  metrics: readonly { metricId: number; aggregation: Aggregation }[];
  range: { from: number; to: number };
  /** The plot's width in pixels (0 until measured: nothing is asked before). */
  width: number;
}

/**
 * One chart's series: M4 with maxPoints equal to the plot's width, at the coarsest round interval that still
 * fills it, so that a chart moves pixels' worth of data whatever its range. The previous answer stays on screen
 * while a new range loads, so that zooming never blanks the layout.
 */
export function useChartSeries(request: ChartRequest) {
  const { assetIds, metrics, range, width } = request;
  const body = {
    interval: chartInterval(range, width),
    assetIds: [...assetIds],
    metricsWithAggregateFunction: metrics.map((metric) => ({
      metricId: metric.metricId,
      aggregateFunction: metric.aggregation,
    })),
    from: range.from,
    to: range.to,
    maxPoints: chartMaxPoints(width),
    gapFill: true,
  };
  return useQuery({
    queryKey: [...diagnoseKey, 'series', body],
    queryFn: ({ signal }) => apiCall(contract.timeSeriesGet, { body, signal }),
    enabled: width > 0 && assetIds.length > 0 && metrics.length > 0 && range.to > range.from,
    placeholderData: keepPreviousData,
  });
}

/** Spec: the active alert interval. */
const ACTIVE_ALERT_INTERVAL = 'PT10M';

/** The alerts of the given assets over the screen's range, for the alert Gantt. */
export function useAlertView(assetIds: readonly number[], range: { from: number; to: number }) {
  const body = {
    assetIds: [...assetIds],
    activeInterval: ACTIVE_ALERT_INTERVAL,
    timeWindow: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
  };
  return useQuery({
    queryKey: [...diagnoseKey, 'alertView', body],
    queryFn: ({ signal }) => apiCall(contract.detectedProblemsListAlertView, { body, signal }),
    enabled: assetIds.length > 0 && range.to > range.from,
    placeholderData: keepPreviousData,
  });
}
