import type { CurrentUser, Permissions } from '@kelvin/contract';

/** A users/me answer; pass the permission names the user holds (each with an unrestricted grant). */
export function buildCurrentUser(
  permissionNames: readonly string[] = [],
  overrides: Partial<CurrentUser> = {},
): CurrentUser {
  const permissions: Permissions = Object.fromEntries(
    permissionNames.map((name) => [name, [{ attributes: {} }]]),
  );
  return {
    user: {
      userId: 7,
      companyId: 2,
      identityId: 'kelvin|7',
      isSystem: false,
      name: 'Ada Operator',
      role: null,
      email: 'ada@example.com',
      primaryPhone: null,
      secondaryPhone: null,
      location: null,
      isDeleted: false,
    },
    permissions,
    subscription: { companyId: 2, companyName: 'Acme Cooling', plan: 'OBSERVABILITY' },
    ...overrides,
  };
}
