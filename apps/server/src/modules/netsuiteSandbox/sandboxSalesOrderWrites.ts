import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { invalidContent, userError } from './sandboxErrors.ts';
import type { RecordInput, SalesOrderLineInput } from './sandboxRecordSchemas.ts';
import { findRecordsById, type RecordWrite, type StoredRecord } from './sandboxRecordStore.ts';
import { externalIdAfterWrite, type WriteContext } from './sandboxWriteContext.ts';

/** Sales order statuses the sandbox knows: open until every line is closed. */
export const ORDER_PENDING_FULFILLMENT = { id: 'B', refName: 'Pending Fulfillment' } as const;
export const ORDER_CLOSED = { id: 'H', refName: 'Closed' } as const;

const storedLine = z.object({
  line: z.number(),
  item: z.object({ id: z.string(), refName: z.string().optional() }),
  quantity: z.number(),
  rate: z.number(),
  amount: z.number(),
  description: z.string().optional(),
  isClosed: z.boolean(),
});
type OrderLine = z.infer<typeof storedLine>;
const storedLines = z.object({ items: z.array(storedLine) }).catch({ items: [] });
const storedStatus = z.object({ id: z.string() }).catch({ id: ORDER_PENDING_FULFILLMENT.id });

/** Whether a stored order is closed: NetSuite refuses any change to it then. */
export function isClosedOrder(record: StoredRecord): boolean {
  return record.recordType === 'salesOrder' && storedStatus.parse(record.body.status).id === ORDER_CLOSED.id;
}

const cents = (value: number) => Math.round(value * 100) / 100;
const itemName = (record: StoredRecord) => z.string().catch('').parse(record.body.itemId);
const basePriceOf = (record: StoredRecord) =>
  z.number().optional().catch(undefined).parse(record.body.basePrice);

/** The order's lines after this write: given whole (POST, PUT, `?replace=item`), or merged into the present ones. */
function linesAfterWrite(
  input: RecordInput['salesOrder'],
  present: OrderLine[],
  context: WriteContext,
): SalesOrderLineInput[] {
  const given = input.item?.items;
  if (context.mode !== 'patch' || context.replaceLines) return given ?? [];
  if (given === undefined) return present;
  const merged: SalesOrderLineInput[] = [...present];
  given.forEach((line, index) => {
    if (line.line === undefined) {
      merged.push(line);
      return;
    }
    const at = merged.findIndex((candidate) => candidate.line === line.line);
    if (at < 0) throw userError(`The order has no line ${line.line}.`, `item.items[${index}].line`);
    merged[at] = { ...merged[at], ...line };
  });
  return merged;
}

/**
 * A sales order's body: its customer (`entity`, or the project's customer when only `job` is given), its project,
 * its lines at items that exist (a line without a rate takes the item's base price), amounts, total and status.
 */
export async function prepareSalesOrderWrite(
  db: DbOrTx,
  input: RecordInput['salesOrder'],
  context: WriteContext,
): Promise<RecordWrite> {
  const presentBody = context.mode === 'patch' ? (context.existing?.body ?? {}) : {};
  const presentLines = storedLines.parse(presentBody.item).items;
  const lines = linesAfterWrite(input, presentLines, context);
  if (lines.length === 0)
    throw userError('You must enter at least one line item for this transaction.', 'item');

  const presentRef = (key: string) =>
    z.object({ id: z.string() }).nullable().optional().catch(undefined).parse(presentBody[key]);
  const entityRef = input.entity ?? presentRef('entity') ?? undefined;
  const jobRef = input.job === undefined ? presentRef('job') : input.job;
  const itemIds = lines.map((line, index) => {
    if (line.item === undefined)
      throw userError('Please enter value(s) for: Item.', `item.items[${index}].item`);
    return Number(line.item.id);
  });
  const references = await findRecordsById(db, [
    ...itemIds,
    ...(entityRef ? [Number(entityRef.id)] : []),
    ...(jobRef ? [Number(jobRef.id)] : []),
  ]);

  const job = jobRef ? references.get(Number(jobRef.id)) : undefined;
  if (jobRef && job?.recordType !== 'job') throw userError(`Invalid job reference key ${jobRef.id}.`, 'job');
  const jobCustomerId = job ? z.object({ id: z.string() }).parse(job.body.customer).id : undefined;
  const entityId = entityRef?.id ?? jobCustomerId;
  if (entityId === undefined) throw userError('Please enter value(s) for: Customer.', 'entity');
  const entity =
    references.get(Number(entityId)) ?? (await findRecordsById(db, [Number(entityId)])).get(Number(entityId));
  if (entity?.recordType !== 'customer')
    throw userError(`Invalid entity reference key ${entityId}.`, 'entity');
  if (jobCustomerId !== undefined && jobCustomerId !== entityId)
    throw userError(`Project ${jobRef?.id ?? ''} does not belong to customer ${entityId}.`, 'job');

  const orderLines = lines.map((line, index): OrderLine => {
    const path = `item.items[${index}]`;
    const item = references.get(itemIds[index] ?? 0);
    if (item?.recordType !== 'inventoryItem' && item?.recordType !== 'serviceSaleItem')
      throw userError(`Invalid item reference key ${line.item?.id ?? ''}.`, `${path}.item`);
    const rate = line.rate ?? basePriceOf(item);
    if (rate === undefined) throw userError('Please enter value(s) for: Rate.', `${path}.rate`);
    if (line.quantity === undefined)
      throw userError('Please enter value(s) for: Quantity.', `${path}.quantity`);
    return {
      line: index + 1,
      item: { id: String(item.internalId), refName: itemName(item) },
      quantity: line.quantity,
      rate,
      amount: cents(line.quantity * rate),
      ...(line.description === undefined ? {} : { description: line.description }),
      isClosed: line.isClosed ?? false,
    };
  });
  if (orderLines.length > 1000) throw invalidContent('An order holds at most 1000 lines.', 'item');

  const header = { ...presentBody, ...input };
  const closed = orderLines.every((line) => line.isClosed);
  const tranId = z.string().catch(`SO-${context.internalId}`).parse(context.existing?.body.tranId);
  const optional = (key: 'memo' | 'otherRefNum' | 'startDate' | 'endDate') =>
    z.string().nullable().optional().catch(undefined).parse(header[key]) ?? null;
  return {
    externalId: externalIdAfterWrite(input, context),
    body: {
      tranId,
      tranDate: z.string().catch(new Date().toISOString().slice(0, 10)).parse(header.tranDate),
      entity: { id: entityId, refName: z.string().catch('').parse(entity.body.entityId) },
      job: job ? { id: String(job.internalId), refName: job.searchText } : null,
      memo: optional('memo'),
      otherRefNum: optional('otherRefNum'),
      startDate: optional('startDate'),
      endDate: optional('endDate'),
      status: closed ? ORDER_CLOSED : ORDER_PENDING_FULFILLMENT,
      total: cents(orderLines.reduce((sum, line) => sum + line.amount, 0)),
      item: { items: orderLines },
    },
    searchText: tranId,
    parentId: job ? job.internalId : Number(entityId),
    isInactive: false,
  };
}
