import { z } from 'zod';
import { endpoint, type EndpointDef } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';
import { billingStateSchema } from './tickets.ts';

/** Spec (section 9): 'Accounting list page size'. */
export const ACCOUNTING_LIST_PAGE_SIZE = 20;

/** The orders page's tabs: pending (PENDING_SALES_ORDER), in process (SALES_ORDER_CREATED), closed. */
export const salesOrdersTabs = ['PENDING', 'IN_PROCESS', 'CLOSED'] as const;
export const salesOrdersTabSchema = z.enum(salesOrdersTabs);
export type SalesOrdersTab = z.infer<typeof salesOrdersTabSchema>;

/** Columns a tab sorts by (snake-cased, as the tickets list). */
export const salesOrdersSortProperties = [
  'ticket_id',
  'title',
  'company_name',
  'created_at',
  'updated_at',
] as const;

export const reconcileStateSchema = z.enum(['OK', 'CHANGED', 'MISSING']);

/** A row of an orders tab: the ticket, why it is (still) there, what blocks its order, and its order's state. */
export const salesOrdersRowSchema = z.object({
  ticketId: z.number().int(),
  title: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  netSuiteBillingState: billingStateSchema,
  netSuiteSalesOrderInternalId: z.string().nullable(),
  salesOrderNumber: z.string().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  /** Why the ticket is billable (or covered and still billed), in a sentence. */
  billingReason: z.string(),
  /** What keeps the order from being made (spec's sales price blocker first); empty when none. */
  blockers: z.array(z.string()),
  /** The order as NetSuite holds it, against what we sent (null before an order exists). */
  reconcileState: reconcileStateSchema.nullable(),
  reconcileDetail: z.string().nullable(),
});
export type SalesOrdersRow = z.infer<typeof salesOrdersRowSchema>;

export const salesOrderLineSchema = z.object({
  kind: z.enum(['PART', 'SERVICE', 'LABOR']),
  itemId: z.string(),
  description: z.string(),
  quantity: z.number(),
  rate: z.number(),
  amount: z.number(),
});
export type SalesOrderLine = z.infer<typeof salesOrderLineSchema>;

/** A ticket's billing state after a sales order call. */
export const ticketSalesOrderStateSchema = z.object({
  ticketId: z.number().int(),
  netSuiteBillingState: billingStateSchema,
  netSuiteSalesOrderInternalId: z.string().nullable(),
  salesOrderNumber: z.string().nullable(),
  purchaseOrderNumber: z.string().nullable(),
});

const ticketId = z.number().int().positive().max(2_147_483_647);
const token = z.string().min(1).max(4096);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const isoDate = z.iso.date();

export const salesOrdersEndpoints = {
  salesOrdersList: endpoint({
    name: 'salesOrders.list',
    method: 'POST',
    path: '/salesOrders.list',
    summary:
      "A tab of the orders page: tickets pending a sales order, in process, or closed, with each pending ticket's reason and blockers; filtered by company, sorted and paged (20 a page). Needs netsuite:manage.",
    auth: 'user',
    body: z.strictObject({
      tab: salesOrdersTabSchema,
      filter: z
        .strictObject({ companyIds: z.array(z.number().int().positive()).max(1000).optional() })
        .default({}),
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(salesOrdersRowSchema),
  }),
  salesOrdersPreview: endpoint({
    name: 'salesOrders.preview',
    method: 'POST',
    path: '/salesOrders.preview',
    summary:
      "The sales order a ticket would get: its parts and services at their sales prices, its hours per labor code at the code's NetSuite service item rate, the total and the blockers. Uses the caller's NetSuite token when given, else the server's connection.",
    auth: 'user',
    body: z.strictObject({ ticketId, netSuiteAccessToken: token.optional() }),
    output: z.object({
      ticketId: z.number().int(),
      lines: z.array(salesOrderLineSchema),
      total: z.number(),
      blockers: z.array(z.string()),
    }),
  }),
  netsuiteTicketsSalesOrdersCreate: endpoint({
    name: 'netsuite.tickets.salesOrders.create',
    method: 'POST',
    path: '/netsuite.tickets.salesOrders.create',
    summary:
      "Makes the ticket's sales order in NetSuite on the project, once: a retried or doubled call updates the same order (its external id is the ticket's). Spec: sales order form.",
    auth: 'user',
    body: z.strictObject({
      netSuiteAccessToken: token,
      ticketId,
      netSuiteProjectId: z.number().int().positive().max(2_147_483_647),
      memo: optionalText(999),
      purchaseOrderNumber: optionalText(45),
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
    }),
    output: ticketSalesOrderStateSchema,
  }),
  netsuiteTicketsSalesOrdersDelete: endpoint({
    name: 'netsuite.tickets.salesOrders.delete',
    method: 'POST',
    path: '/netsuite.tickets.salesOrders.delete',
    summary: "Deletes the ticket's sales order in NetSuite; the ticket is pending a sales order again.",
    auth: 'user',
    body: z.strictObject({ netSuiteAccessToken: token, ticketId }),
    output: ticketSalesOrderStateSchema,
  }),
  netsuiteTicketsSalesOrdersClose: endpoint({
    name: 'netsuite.tickets.salesOrders.close',
    method: 'POST',
    path: '/netsuite.tickets.salesOrders.close',
    summary:
      "Closes the ticket's sales order in NetSuite (every line closed); the ticket's billing is closed.",
    auth: 'user',
    body: z.strictObject({ netSuiteAccessToken: token, ticketId }),
    output: ticketSalesOrderStateSchema,
  }),
  salesOrdersReconcile: endpoint({
    name: 'salesOrders.reconcile',
    method: 'POST',
    path: '/salesOrders.reconcile',
    summary:
      "Reads the tickets' sales orders back from NetSuite: finishes an order whose creation was cut short, and flags one that changed or vanished. Uses the caller's token when given, else the server's connection.",
    auth: 'user',
    body: z.strictObject({ netSuiteAccessToken: token.optional() }),
    output: z.object({
      checked: z.number().int(),
      finished: z.number().int(),
      changed: z.number().int(),
      missing: z.number().int(),
    }),
  }),
} satisfies Record<string, EndpointDef>;
