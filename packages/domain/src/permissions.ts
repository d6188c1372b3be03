/** Mirrors the contract's permission shapes without depending on zod. */
export type AttributeGrant = { type: 'ALL' } | { type: 'VALUES'; values: readonly (string | number)[] };
export interface Grant {
  attributes: Readonly<Record<string, AttributeGrant>>;
}
export type Permissions = Readonly<Record<string, readonly Grant[]>>;

/** One check: a permission, optionally with attribute values that some grant must cover. */
export interface PermissionCheck {
  permission: string;
  attributes?: Readonly<Record<string, string | number>>;
}

function attributeCovers(grant: AttributeGrant | undefined, value: string | number): boolean {
  if (!grant) return false;
  if (grant.type === 'ALL') return true;
  return grant.values.some((allowed) => String(allowed) === String(value));
}

/** Spec: each required attribute must be ALL or contain the value, within one grant. */
export function hasPermission(permissions: Permissions, check: PermissionCheck): boolean {
  const grants = permissions[check.permission];
  if (!grants || grants.length === 0) return false;
  const required = Object.entries(check.attributes ?? {});
  return grants.some((grant) =>
    required.every(([name, value]) => attributeCovers(grant.attributes[name], value)),
  );
}

/** Spec: every check of a route must pass, or any if requireAny is set. */
export function passesChecks(
  permissions: Permissions,
  checks: readonly PermissionCheck[],
  requireAny = false,
): boolean {
  if (checks.length === 0) return true;
  return requireAny
    ? checks.some((check) => hasPermission(permissions, check))
    : checks.every((check) => hasPermission(permissions, check));
}

/**
 * The values of one attribute that a permission grants: 'ALL', or the union of listed values.
 * Used for company scoping: `grantedValues(p, 'assets:read', 'companyId')`.
 */
export function grantedValues(
  permissions: Permissions,
  permission: string,
  attribute: string,
): 'ALL' | (string | number)[] {
  const values = new Set<string | number>();
  for (const grant of permissions[permission] ?? []) {
    const attributeGrant = grant.attributes[attribute];
    if (!attributeGrant) continue;
    if (attributeGrant.type === 'ALL') return 'ALL';
    attributeGrant.values.forEach((value) => values.add(value));
  }
  return [...values];
}
