import type { FastifyReply } from 'fastify';
import { metricsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { listAssetMetrics, listCoreEnums, listMetricEnums, listMetrics } from './metricsService.ts';
import { exportTimeSeries } from './timeSeriesExport.ts';
import { getTimeSeries, getTimeSeriesRegions } from './timeSeriesService.ts';

/**
 * The spec marks the catalogue calls as cached; the catalogue changes only when an operator or a release edits
 * it, so browsers keep it for the spec's cache time-to-live (5 min). Private: answers depend on permissions.
 * The asset → metrics map grows as ingestion meets new pairs, so it is kept a minute only.
 */
const CATALOGUE_CACHE = 'private, max-age=300';
const ASSET_METRICS_CACHE = 'private, max-age=60';

/** Set on success only, so that a refusal (403, 404) is never kept by the browser. */
async function cacheFor<T>(reply: FastifyReply, value: string, answer: Promise<T>): Promise<T> {
  const result = await answer;
  reply.header('cache-control', value);
  return result;
}

/**
 * The metric catalogue and the time-series queries. `lastValues` belongs to the live-values module. Endpoints
 * come from the metrics group directly so that they register whether or not it is spread into `contract`.
 */
export function registerMetricsRoutes({ route, db, timeseries }: RouteContext): void {
  route(metricsEndpoints.metricsList, ({ auth, reply }) =>
    cacheFor(reply, CATALOGUE_CACHE, listMetrics(db, auth)),
  );
  route(metricsEndpoints.metricEnumsList, ({ auth, reply }) =>
    cacheFor(reply, CATALOGUE_CACHE, listMetricEnums(db, auth)),
  );
  route(metricsEndpoints.coreEnumsList, ({ query, reply }) =>
    cacheFor(reply, CATALOGUE_CACHE, listCoreEnums(db, query.enumName)),
  );
  route(metricsEndpoints.assetMetricsList, ({ auth, query, reply }) =>
    cacheFor(reply, ASSET_METRICS_CACHE, listAssetMetrics(db, auth, query.assetIds)),
  );
  route(metricsEndpoints.timeSeriesGet, ({ auth, body }) => getTimeSeries(db, timeseries, auth, body));
  route(metricsEndpoints.timeSeriesExport, ({ auth, body, reply }) =>
    exportTimeSeries({ db, store: timeseries }, auth, body, reply),
  );
  route(metricsEndpoints.timeSeriesRegions, ({ auth, query }) =>
    getTimeSeriesRegions(db, timeseries, auth, query),
  );
}
