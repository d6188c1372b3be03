import type { NetsuiteProject } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { withServerNetsuite, type AccountingDeps } from './accountingConnection.ts';
import type { InventoryPage } from './inventoryItems.ts';
import { answeringNetsuiteFailures } from './netsuiteFailure.ts';
import { suiteqlNumber, suiteqlSearchCondition } from './suiteqlText.ts';

/**
 * Projects for the orders page's Process dialog: active `job` records, named 'Parent : Name' over the whole chain
 * (NetSuite's `fullname`), every search word found somewhere in that chain, 20 a page.
 */
export async function listProjects(
  deps: AccountingDeps,
  auth: AuthContext,
  query: { limit: number; offset: number; fuzzySearch?: string | undefined },
): Promise<InventoryPage<NetsuiteProject>> {
  requirePermission(auth, 'netsuite:manage');
  const condition = suiteqlSearchCondition(query.fuzzySearch, ['fullname']);
  const where = [`isinactive = 'F'`, ...(condition === undefined ? [] : [condition])].join(' AND ');
  const q = `SELECT id, entityid, fullname, customer FROM job WHERE ${where} ORDER BY fullname ASC`;
  const page = await answeringNetsuiteFailures(() =>
    withServerNetsuite(deps, (client) => client.suiteql(q, { limit: query.limit, offset: query.offset })),
  );
  return {
    items: page.items.map((row) => ({
      id: suiteqlNumber(row.id) ?? 0,
      entityId: row.entityid ?? '',
      name: row.fullname ?? row.entityid ?? '',
      customerId: suiteqlNumber(row.customer),
    })),
    offset: query.offset,
    limit: query.limit,
    totalResults: page.totalResults,
    hasMore: page.hasMore,
  };
}
