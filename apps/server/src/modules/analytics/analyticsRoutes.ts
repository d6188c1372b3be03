import { analyticsEndpoints as endpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { startAnalyticsRetention } from './analyticsRetention.ts';
import { trackAnalytics, usage, type Clock } from './analyticsService.ts';
import { listClientErrors, reportClientError } from './clientErrors.ts';

/** Page views and events, the usage page's figures, and client error reports. */
export function registerAnalyticsRoutes(
  { app, db, route }: RouteContext,
  clock: Clock = () => new Date(),
): void {
  route(endpoints.analyticsTrack, ({ auth, body }) => trackAnalytics(db, clock, auth, body));
  route(endpoints.analyticsUsage, ({ auth, body }) => usage(db, auth, body));
  route(endpoints.clientErrorsReport, ({ auth, body }) => reportClientError(db, clock, auth, body));
  route(endpoints.clientErrorsList, ({ auth, body }) => listClientErrors(db, auth, body));
  let stop: () => void = () => undefined;
  app.addHook('onReady', () => {
    stop = startAnalyticsRetention(db, clock, app.log);
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    stop();
    return Promise.resolve();
  });
}
