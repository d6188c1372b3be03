import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { attributeGrantSchema, type Grant, type Permissions } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { roleGrants, userRoles } from '../../platform/db/schema.ts';

/** Placeholder in a stored grant that stands for the user's own company. */
export const OWN_COMPANY = '$ownCompany';

const storedAttributesSchema = z.record(z.string(), attributeGrantSchema);

/**
 * A user's permissions: the union of the grants of their roles, with `$ownCompany` resolved to their
 * company. Roles and grants are data, so new areas add permissions without code changes.
 */
export async function loadPermissions(db: DbOrTx, userId: number, companyId: number): Promise<Permissions> {
  const rows = await db
    .select({ permission: roleGrants.permission, attributes: roleGrants.attributes })
    .from(userRoles)
    .innerJoin(roleGrants, eq(roleGrants.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));

  const permissions: Record<string, Grant[]> = {};
  for (const row of rows) {
    const attributes = storedAttributesSchema.parse(row.attributes);
    const resolved: Grant['attributes'] = {};
    for (const [name, grant] of Object.entries(attributes)) {
      resolved[name] =
        grant.type === 'ALL'
          ? grant
          : {
              type: 'VALUES',
              values: grant.values.map((value) => (value === OWN_COMPANY ? companyId : value)),
            };
    }
    (permissions[row.permission] ??= []).push({ attributes: resolved });
  }
  return permissions;
}
