import type { BodyOf, OutputOf, QueryOf, metricsEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  TimeSeriesQueryError,
  type TimeSeries as StoredSeries,
  type TimeSeriesStore,
} from '../../platform/timeseries/timeSeriesStore.ts';
import { METRICS_READ, visibleAssetIds } from './metricsService.ts';

type TimeSeriesRequest = BodyOf<typeof metricsEndpoints.timeSeriesGet>;
type TimeSeriesAnswer = OutputOf<typeof metricsEndpoints.timeSeriesGet>;
type RegionsRequest = QueryOf<typeof metricsEndpoints.timeSeriesRegions>;
type RegionsAnswer = OutputOf<typeof metricsEndpoints.timeSeriesRegions>;

/**
 * Aggregated buckets an answer may hold without `maxPoints`: 500 assets × 200 metrics at a 1-minute interval over a
 * day would otherwise build a 144 M-point response in memory. Charts send maxPoints and are bounded by pixels.
 */
export const MAX_AGGREGATED_POINTS = 5_000_000;

/** Every requested asset must be visible: one unknown or foreign id is a 404 that names no id. */
export async function requireVisibleAssets(
  db: DbOrTx,
  auth: AuthContext,
  assetIds: readonly number[],
): Promise<void> {
  requirePermission(auth, METRICS_READ);
  const { missing } = await visibleAssetIds(db, auth, assetIds);
  if (missing.length > 0) throw notFound('Asset not found.');
}

/**
 * The store's refusals (RAW over 24 h, a bad range) are the caller's to fix: a 400 carrying the store's reason,
 * naming the request part, since they concern several of its fields together.
 */
export async function asBadRequest<T>(part: 'body' | 'query', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TimeSeriesQueryError) throw badField(part, error.message);
    throw error;
  }
}

export function toContractSeries(series: StoredSeries): TimeSeriesAnswer[number] {
  return {
    metricId: series.metricId,
    assetId: series.assetId,
    assetReadingType: series.aggregation,
    interval: series.intervalMs,
    dataPoints: {
      timestamps: series.timestamps,
      values: series.values,
      metadatas: series.timestamps.map((_, index) =>
        series.metadatas[index]?.isIntervalCheckEmptyValue
          ? { status: series.statuses[index] ?? null, isIntervalCheckEmptyValue: true }
          : { status: series.statuses[index] ?? null },
      ),
    },
  };
}

function sizeProblem(request: TimeSeriesRequest): string | null {
  if (request.maxPoints !== undefined || request.to <= request.from) return null;
  const aggregated = request.metricsWithAggregateFunction.filter((m) => m.aggregateFunction !== 'RAW');
  const buckets = Math.ceil((request.to - request.from) / request.interval);
  const points = buckets * aggregated.length * new Set(request.assetIds).size;
  if (points <= MAX_AGGREGATED_POINTS) return null;
  return `The request would return about ${points} points (more than ${MAX_AGGREGATED_POINTS}); send maxPoints, a longer interval or fewer series.`;
}

/** `assets.metrics.timeseries.get`: the one query path (context.timeseries), mapped to the contract's shape. */
export async function getTimeSeries(
  db: DbOrTx,
  store: TimeSeriesStore,
  auth: AuthContext,
  request: TimeSeriesRequest,
): Promise<TimeSeriesAnswer> {
  await requireVisibleAssets(db, auth, request.assetIds);
  const problem = sizeProblem(request);
  if (problem) throw badField('body', problem);
  const series = await asBadRequest('body', () =>
    store.query({
      assetIds: request.assetIds,
      metrics: request.metricsWithAggregateFunction.map((metric) => ({
        metricId: metric.metricId,
        aggregation: metric.aggregateFunction,
      })),
      from: request.from,
      to: request.to,
      intervalMs: request.interval,
      gapFill: request.gapFill,
      ...(request.maxPoints === undefined ? {} : { maxPoints: request.maxPoints }),
    }),
  );
  return series.map(toContractSeries);
}

/** `assets/metrics/timeseries/regions`: where each visible asset's metrics have raw data. */
export async function getTimeSeriesRegions(
  db: DbOrTx,
  store: TimeSeriesStore,
  auth: AuthContext,
  request: RegionsRequest,
): Promise<RegionsAnswer> {
  await requireVisibleAssets(db, auth, request.assetIds);
  return asBadRequest('query', () =>
    store.regions({
      assetIds: [...new Set(request.assetIds)],
      metricIds: [...new Set(request.metricIds)],
      from: request.from,
      to: request.to,
    }),
  );
}
