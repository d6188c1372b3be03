import type { RouteContext } from '../../http/routeContext.ts';

/** Being built for issue 3. */
export function registerCompaniesRoutes(_context: RouteContext): void {}
