import { passesChecks, type PermissionCheck, type Permissions } from '@kelvin/domain';

/** What a route declares for the guard and the page title. */
export interface RouteHandle {
  title?: string;
  checks?: readonly PermissionCheck[];
  /** Spec: every check must pass, or any if requireAny is set. */
  requireAny?: boolean;
}

function isPermissionCheck(value: unknown): value is PermissionCheck {
  return (
    typeof value === 'object' &&
    value !== null &&
    'permission' in value &&
    typeof value.permission === 'string'
  );
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  if (typeof value !== 'object' || value === null) return false;
  if ('checks' in value) {
    const checks: unknown = value.checks;
    if (!Array.isArray(checks) || !checks.every(isPermissionCheck)) return false;
  }
  return true;
}

/** True when every matched route (parent sections included) passes its own checks. */
export function matchesPass(handles: readonly unknown[], permissions: Permissions): boolean {
  return handles.every((handle) => {
    if (!isRouteHandle(handle) || !handle.checks) return true;
    return passesChecks(permissions, handle.checks, handle.requireAny ?? false);
  });
}

/** Spec: a failed check or an unknown path goes to notFound with the full original path. */
export function notFoundPath(originalPath: string): string {
  return `/notFound?url=${encodeURIComponent(originalPath)}`;
}
