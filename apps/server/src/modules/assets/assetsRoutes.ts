import type { RouteContext } from '../../http/routeContext.ts';

/** Being built for issue 3. */
export function registerAssetsRoutes(_context: RouteContext): void {}
