import { grantedValues, hasPermission, type Permissions } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';

/**
 * Whether the user holds a permission for every company (provider staff) — the only scope that may create a
 * company, matching the server's rule.
 */
export function holdsForAllCompanies(permissions: Permissions, permission: string): boolean {
  return grantedValues(permissions, permission, 'companyId') === 'ALL';
}

/** Whether the user holds a permission reaching a company: the server makes the same company-scoped check. */
export function holdsForCompany(permissions: Permissions, permission: string, companyId: number): boolean {
  return (
    holdsForAllCompanies(permissions, permission) ||
    hasPermission(permissions, { permission, attributes: { companyId } })
  );
}

/** The same checks against the signed-in user; false while permissions load, so that buttons appear late, not early. */
export function usePermissionScope() {
  const permissions = useCurrentUser().data?.permissions;
  return {
    forAll: (permission: string) =>
      permissions !== undefined && holdsForAllCompanies(permissions, permission),
    forCompany: (permission: string, companyId: number) =>
      permissions !== undefined && holdsForCompany(permissions, permission, companyId),
  };
}
