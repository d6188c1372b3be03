import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCOUNTING_LIST_PAGE_SIZE,
  billingStateSchema,
  reconcileStateSchema,
  salesOrdersSortProperties,
  type BodyOf,
  type contract,
  type SalesOrdersRow,
  type SalesOrdersTab,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission } from '../../http/authorize.ts';
import { badField } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { billingReason } from '@kelvin/domain';
import { salesOrderBlockers } from '@kelvin/domain';
import { ticketsBillingInputs } from './salesOrdersTicketInput.ts';

export const NETSUITE_MANAGE = 'netsuite:manage';

/** The billing state each tab lists. */
export const TAB_STATES: Readonly<Record<SalesOrdersTab, string>> = {
  PENDING: 'PENDING_SALES_ORDER',
  IN_PROCESS: 'SALES_ORDER_CREATED',
  CLOSED: 'SALES_ORDER_CLOSED',
};

type SortProperty = (typeof salesOrdersSortProperties)[number];

/**
 * ORDER BY of each sort property, ticket_id breaking ties in the same direction: with the index on
 * (net_suite_billing_state, updated_at DESC, ticket_id DESC) the default order reads a page straight from the
 * index (see bench/ordersPage.ts). company_name is a subquery: sorting by it sorts the tab's tickets.
 */
const SORT_COLUMNS: Readonly<Record<SortProperty, SQL>> = {
  ticket_id: sql`t.ticket_id`,
  title: sql`t.title`,
  company_name: sql`(select c.name from companies c where c.company_id = t.company_id)`,
  created_at: sql`t.created_at`,
  updated_at: sql`t.updated_at`,
};

const isSortProperty = (property: string): property is SortProperty =>
  salesOrdersSortProperties.some((known) => known === property);

function orderBy(sort: readonly { property: string; direction: 'ASC' | 'DESC' }[]): SQL {
  const [first] = sort;
  const property = first?.property ?? 'updated_at';
  if (!isSortProperty(property))
    throw badField(
      'body.pageableQuery.sort',
      `Cannot sort by '${property}': sort by ${salesOrdersSortProperties.join(', ')}.`,
    );
  const direction = sql.raw(first?.direction ?? 'DESC');
  if (property === 'ticket_id') return sql`t.ticket_id ${direction}`;
  return sql`${SORT_COLUMNS[property]} ${direction}, t.ticket_id ${direction}`;
}

const rowSchema = z.object({
  ticket_id: z.coerce.number().int(),
  title: z.string(),
  company_id: z.coerce.number().int(),
  company_name: z.string(),
  description: z.string(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
  net_suite_billing_state: billingStateSchema,
  net_suite_sales_order_internal_id: z.string().nullable(),
  sales_order_number: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  is_billable: z.boolean(),
  covered_by_contract_id: z.coerce.number().int().nullable(),
  covered_by_warranty_id: z.coerce.number().int().nullable(),
  reconcile_state: reconcileStateSchema.nullable(),
  reconcile_detail: z.string().nullable(),
});
const countSchema = z.object({ rows: z.array(z.object({ n: z.coerce.number().int() })) });

/** The WHERE of a tab: its billing state, the companies asked for, and the companies netsuite:manage reaches. */
function tabCondition(
  auth: AuthContext,
  tab: SalesOrdersTab,
  companyIds: readonly number[] | undefined,
): SQL {
  const conditions: SQL[] = [sql`t.net_suite_billing_state = ${TAB_STATES[tab]}`];
  const scope = companyScope(auth, NETSUITE_MANAGE);
  if (scope !== 'ALL') conditions.push(scope.length === 0 ? sql`false` : sql`t.company_id in ${scope}`);
  if (companyIds !== undefined)
    conditions.push(companyIds.length === 0 ? sql`false` : sql`t.company_id in ${companyIds}`);
  return sql.join(conditions, sql` and `);
}

/** A tab of the orders page (spec 2, Order overview page): 20 a page, with each row's reason and blockers. */
export async function listSalesOrdersTab(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.salesOrdersList>,
): Promise<{
  content: SalesOrdersRow[];
  pageable: { totalSize: number; pageSize: number; pageNumber: number };
}> {
  requirePermission(auth, NETSUITE_MANAGE);
  const pageSize = body.pageableQuery?.pageSize ?? ACCOUNTING_LIST_PAGE_SIZE;
  const pageNumber = body.pageableQuery?.pageNumber ?? 0;
  const where = tabCondition(auth, body.tab, body.filter.companyIds);
  const order = orderBy(body.pageableQuery?.sort ?? []);
  const page: unknown = await db.execute(sql`
    select t.ticket_id, t.title, t.company_id, c.name as company_name, t.description, t.created_at, t.updated_at,
      t.net_suite_billing_state, t.net_suite_sales_order_internal_id, t.sales_order_number, t.purchase_order_number,
      t.is_billable, t.covered_by_contract_id, t.covered_by_warranty_id, so.reconcile_state, so.reconcile_detail
    from (select * from tickets t where ${where} order by ${order} limit ${pageSize} offset ${pageNumber * pageSize}) t
    join companies c on c.company_id = t.company_id
    left join ticket_sales_orders so on so.ticket_id = t.ticket_id
    order by ${order}`);
  const counted: unknown = await db.execute(sql`select count(*) as n from tickets t where ${where}`);
  const rows = z.object({ rows: z.array(rowSchema) }).parse(page).rows;
  const tickets = rows.map((row) => ({
    ticketId: row.ticket_id,
    coveredByContractId: row.covered_by_contract_id,
    coveredByWarrantyId: row.covered_by_warranty_id,
  }));
  const inputs = await ticketsBillingInputs(db, tickets);
  return {
    content: rows.map((row) => {
      const input = inputs.get(row.ticket_id);
      const coverage = input?.coverage ?? { coveredByContract: null, coveredByWarranty: null };
      return {
        ticketId: row.ticket_id,
        title: row.title,
        companyId: row.company_id,
        companyName: row.company_name,
        description: row.description,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        netSuiteBillingState: row.net_suite_billing_state,
        netSuiteSalesOrderInternalId: row.net_suite_sales_order_internal_id,
        salesOrderNumber: row.sales_order_number,
        purchaseOrderNumber: row.purchase_order_number,
        billingReason: billingReason(
          { isBillable: row.is_billable, netSuiteBillingState: row.net_suite_billing_state },
          coverage,
        ),
        blockers:
          row.net_suite_billing_state === 'PENDING_SALES_ORDER' && input
            ? salesOrderBlockers(input.consumables, input.labor, input.partsFree)
            : [],
        reconcileState: row.reconcile_state,
        reconcileDetail: row.reconcile_detail,
      };
    }),
    pageable: { totalSize: countSchema.parse(counted).rows[0]?.n ?? 0, pageSize, pageNumber },
  };
}
