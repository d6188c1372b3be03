import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { roleGrants, roles, userRoles } from '../../platform/db/schema.ts';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';

/**
 * Gives a user a role that reads NetSuite for their own company: the default customer roles hold no
 * netsuite:read, and the inventory's external answers are tested on a customer that does.
 */
export async function grantNetsuiteRead(db: DbOrTx, userId: number): Promise<void> {
  const name = 'Customer NetSuite Reader (test)';
  let [role] = await db.select().from(roles).where(eq(roles.name, name));
  if (role === undefined) {
    [role] = await db.insert(roles).values({ name, description: 'Reads the global consumables' }).returning();
    if (role === undefined) throw new Error('role not created');
    await db.insert(roleGrants).values({
      roleId: role.roleId,
      permission: 'netsuite:read',
      attributes: { companyId: { type: 'VALUES', values: ['$ownCompany'] } },
    });
  }
  await db.insert(userRoles).values({ userId, roleId: role.roleId });
}

/** A provider administrator (netsuite:manage), a technician (netsuite:read), a customer reader and a customer without it. */
export async function buildAccountingUsers(db: DbOrTx) {
  await providerCompany(db);
  const customer = await buildCompany(db, { name: 'Northwind Test' });
  const users = {
    providerAdmin: await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] }),
    otherAdmin: await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] }),
    technician: await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] }),
    customerReader: await buildUser(db, { companyId: customer.companyId, roles: ['Customer Administrator'] }),
    customerAdmin: await buildUser(db, { companyId: customer.companyId, roles: ['Customer Administrator'] }),
  };
  await grantNetsuiteRead(db, users.customerReader.userId);
  return { customer, users };
}
