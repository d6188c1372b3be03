import type { RouteContext } from '../../http/routeContext.ts';

/** Schedules (schedules.*), the technicians' list and the private calendar feeds. */
export function registerSchedulingRoutes(_context: RouteContext): void {
}
