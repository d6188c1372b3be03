import { matchRoutes } from 'react-router';
import type { Permissions } from '@kelvin/domain';
import { matchesPass } from './routeHandle.ts';
import { userRoutes } from './userRoutes.tsx';

/**
 * True when the route guard would let these permissions open `path` (a /user/... path): the navigation asks this
 * so that it never offers what the guard refuses. Unknown paths are not openable.
 */
export function canOpenUserPath(permissions: Permissions, path: string): boolean {
  const matches = matchRoutes(userRoutes, path, '/user');
  // The catch-all route matches anything: it leads to notFound, which nobody should be offered.
  if (!matches || matches.some((match) => match.route.path === '*')) return false;
  return matchesPass(
    matches.map((match): unknown => match.route.handle),
    permissions,
  );
}
