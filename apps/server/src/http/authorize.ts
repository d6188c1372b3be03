import { grantedValues, hasPermission, isExternalUser } from '@kelvin/domain';
import type { AuthContext } from './authenticate.ts';
import { forbidden, notFound } from './httpError.ts';

/** The companies a permission reaches for this user: every company, or a list of ids. */
export type CompanyScope = 'ALL' | number[];

export function companyScope(auth: AuthContext, permission: string): CompanyScope {
  const values = grantedValues(auth.permissions, permission, 'companyId');
  return values === 'ALL' ? 'ALL' : values.map(Number).filter(Number.isInteger);
}

export function scopeIncludes(scope: CompanyScope, companyId: number): boolean {
  return scope === 'ALL' || scope.includes(companyId);
}

/** Refuses (403) a caller who holds no grant at all of the permission. */
export function requirePermission(auth: AuthContext, permission: string): void {
  if (!hasPermission(auth.permissions, { permission })) {
    throw forbidden(`You need the ${permission} permission to do this.`);
  }
}

/**
 * Refuses a caller whose grant does not reach the company: 403 without the permission at all, 404 when the
 * permission is held for other companies only, so that another company's records do not reveal they exist.
 */
export function requireCompanyAccess(
  auth: AuthContext,
  permission: string,
  companyId: number,
  what = 'Not found.',
): void {
  requirePermission(auth, permission);
  if (!scopeIncludes(companyScope(auth, permission), companyId)) throw notFound(what);
}

/** External users are limited to their access groups on top of their company grants. */
export function isExternal(auth: AuthContext): boolean {
  return isExternalUser(auth.user);
}
