import type { RouteContext } from '../../http/routeContext.ts';

/** Page views and events, the usage page's figures, and client error reports. */
export function registerAnalyticsRoutes(_context: RouteContext): void {
}
