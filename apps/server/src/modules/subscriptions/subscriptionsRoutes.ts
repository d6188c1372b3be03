import type { RouteContext } from '../../http/routeContext.ts';

/** Subscription plans of companies and units. */
export function registerSubscriptionsRoutes(_context: RouteContext): void {
}
