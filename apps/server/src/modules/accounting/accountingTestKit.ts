import type { DbOrTx } from '../../platform/db/database.ts';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';

/**
 * A provider administrator (netsuite:manage), a technician (netsuite:read), a customer administrator (netsuite:read
 * on their own company, migration 0028) and a customer operator without it.
 */
export async function buildAccountingUsers(db: DbOrTx) {
  await providerCompany(db);
  const customer = await buildCompany(db, { name: 'Northwind Test' });
  const users = {
    providerAdmin: await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] }),
    otherAdmin: await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] }),
    technician: await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] }),
    customerReader: await buildUser(db, { companyId: customer.companyId, roles: ['Customer Administrator'] }),
    customerOperator: await buildUser(db, { companyId: customer.companyId, roles: ['Customer Operator'] }),
  };
  return { customer, users };
}
