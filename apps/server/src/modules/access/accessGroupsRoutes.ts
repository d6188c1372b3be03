import type { RouteContext } from '../../http/routeContext.ts';

/** Being built for issue 3. */
export function registerAccessGroupsRoutes(_context: RouteContext): void {}
