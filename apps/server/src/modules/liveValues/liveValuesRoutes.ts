import { metricsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import type { LastValueTable } from '../../platform/live/lastValueTable.ts';
import { readLastValues } from './liveValuesService.ts';

export interface LiveValuesRoutesOptions {
  /** The process's last-value table, fed by the telemetry bus. */
  lastValues: LastValueTable;
}

/**
 * `POST /api/assets/metrics/lastValue`. Imported from the metrics group directly so that it registers whether or
 * not the group is spread into `contract` yet.
 */
export function registerLiveValuesRoutes(
  { route, db }: RouteContext,
  { lastValues }: LiveValuesRoutesOptions,
): void {
  route(metricsEndpoints.lastValues, ({ auth, body }) => readLastValues(db, auth, lastValues, body));
}
