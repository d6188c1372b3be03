import { z } from 'zod';
import { HttpError, badRequest } from '../../http/httpError.ts';
import type { NetsuiteClient } from '../../platform/netsuite/netsuiteClient.ts';
import { NetsuiteError } from '../../platform/netsuite/netsuiteError.ts';
import type { ComparableLine, OrderLine } from '@kelvin/domain';

/**
 * The NetSuite half of a ticket's sales order: items by their itemId (SuiteQL on `item`), the project and its
 * customer (`job`), the order's body, and the order as NetSuite holds it (by external id).
 */

/** NetSuite's refusal as our error envelope: its own detail, so the user reads what NetSuite said. */
export function netsuiteFailure(error: unknown): unknown {
  if (!(error instanceof NetsuiteError)) return error;
  const said = `NetSuite: ${error.message}`;
  if (error.status === 401)
    return new HttpError(409, 'CONFLICT', `${said} Sign in to NetSuite again from the Orders page.`);
  if (error.status === 403) return new HttpError(403, 'FORBIDDEN', said);
  if (error.status >= 400 && error.status < 500) return badRequest(said);
  return new HttpError(502, 'UNAVAILABLE', said);
}

/** Runs a NetSuite call, translating its refusal (see netsuiteFailure). */
export async function callNetsuite<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw netsuiteFailure(error);
  }
}

/** A SuiteQL string literal: single quotes doubled, as SQL escapes them. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

const itemRowSchema = z.object({
  id: z.string(),
  itemid: z.string(),
  baseprice: z.string().nullable().optional(),
});

export interface NetsuiteItem {
  internalId: string;
  basePrice: number | null;
}

/** The items of these itemIds, by itemId (one SuiteQL query; a NetSuite page holds up to 1000). */
export async function itemsByItemId(
  client: NetsuiteClient,
  itemIds: readonly string[],
): Promise<Map<string, NetsuiteItem>> {
  const unique = [...new Set(itemIds)];
  if (unique.length === 0) return new Map();
  const page = await client.suiteql(
    `SELECT id, itemid, baseprice FROM item WHERE itemid IN (${unique.map(literal).join(', ')})`,
    { limit: 1000, offset: 0 },
  );
  const items = new Map<string, NetsuiteItem>();
  for (const row of page.items) {
    const item = itemRowSchema.parse(row);
    const price = item.baseprice === null || item.baseprice === undefined ? null : Number(item.baseprice);
    items.set(item.itemid, {
      internalId: item.id,
      basePrice: price !== null && Number.isFinite(price) ? price : null,
    });
  }
  return items;
}

const refSchema = z.object({ id: z.coerce.string() });
const jobSchema = z.object({
  id: z.coerce.string(),
  customer: refSchema.optional(),
  parent: refSchema.optional(),
});

/** The project's customer (the order's entity); a project NetSuite does not have is a 400 saying so. */
export async function projectCustomerId(client: NetsuiteClient, projectId: number): Promise<string> {
  let record: unknown;
  try {
    record = await client.getRecord('job', String(projectId));
  } catch (error) {
    if (error instanceof NetsuiteError && error.status === 404)
      throw badRequest(
        `NetSuite has no project ${projectId}: pick one of NetSuite's projects for the order.`,
      );
    throw netsuiteFailure(error);
  }
  const job = jobSchema.parse(record);
  const customer = job.customer ?? job.parent;
  if (!customer) throw badRequest(`NetSuite project ${projectId} has no customer to bill.`);
  return customer.id;
}

export interface SalesOrderHeader {
  externalId: string;
  customerId: string;
  projectId: number;
  memo: string | null;
  purchaseOrderNumber: string | null;
  startDate: string | null;
  endDate: string | null;
}

/** The body of `PUT salesOrder/eid:<externalId>`: the header and one item line per order line. */
export function salesOrderBody(
  header: SalesOrderHeader,
  lines: readonly OrderLine[],
  items: ReadonlyMap<string, NetsuiteItem>,
): object {
  return {
    externalId: header.externalId,
    entity: { id: header.customerId },
    job: { id: String(header.projectId) },
    ...(header.memo === null ? {} : { memo: header.memo }),
    ...(header.purchaseOrderNumber === null ? {} : { otherRefNum: header.purchaseOrderNumber }),
    ...(header.startDate === null ? {} : { startDate: header.startDate }),
    ...(header.endDate === null ? {} : { endDate: header.endDate }),
    item: {
      items: lines.map((line) => ({
        item: { id: items.get(line.itemId)?.internalId ?? '' },
        quantity: line.quantity,
        rate: line.rate,
        amount: line.amount,
        description: line.description,
      })),
    },
  };
}

const lineSchema = z.object({
  item: refSchema,
  quantity: z.coerce.number(),
  rate: z.coerce.number(),
  isClosed: z.boolean().optional(),
});
const salesOrderSchema = z.object({
  id: z.coerce.string(),
  tranId: z.string().nullable().optional(),
  total: z.coerce.number().optional(),
  status: z.object({ id: z.string() }).optional(),
  item: z.object({ items: z.array(lineSchema) }).optional(),
});

export interface NetsuiteSalesOrder {
  internalId: string;
  tranId: string | null;
  total: number;
  closed: boolean;
  lines: (ComparableLine & { isClosed: boolean })[];
}

/** The order NetSuite holds under this external id, or null when it has none. */
export async function salesOrderByExternalId(
  client: NetsuiteClient,
  externalId: string,
): Promise<NetsuiteSalesOrder | null> {
  let record: unknown;
  try {
    record = await client.getRecord('salesOrder', `eid:${externalId}`);
  } catch (error) {
    if (error instanceof NetsuiteError && error.status === 404) return null;
    throw netsuiteFailure(error);
  }
  const order = salesOrderSchema.parse(record);
  const lines = (order.item?.items ?? []).map((line) => ({
    itemInternalId: line.item.id,
    quantity: line.quantity,
    rate: line.rate,
    isClosed: line.isClosed === true,
  }));
  return {
    internalId: order.id,
    tranId: order.tranId ?? null,
    total: order.total ?? lines.reduce((sum, line) => sum + line.quantity * line.rate, 0),
    closed: order.status?.id === 'H',
    lines,
  };
}

const transactionRowSchema = z.object({ externalid: z.string().nullable() });

/** Which of these external ids NetSuite has a sales order for (SuiteQL on transaction, 1000 at a time). */
export async function existingSalesOrderExternalIds(
  client: NetsuiteClient,
  externalIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < externalIds.length; start += 1000) {
    const chunk = externalIds.slice(start, start + 1000);
    const page = await client.suiteql(
      `SELECT id, externalid FROM transaction WHERE type = 'SalesOrd' AND externalid IN (${chunk.map(literal).join(', ')})`,
      { limit: 1000, offset: 0 },
    );
    for (const row of page.items) {
      const externalId = transactionRowSchema.parse(row).externalid;
      if (externalId !== null) found.add(externalId);
    }
  }
  return found;
}
