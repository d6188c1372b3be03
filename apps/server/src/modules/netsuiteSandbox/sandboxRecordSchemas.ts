import { z } from 'zod';
import { invalidContent } from './sandboxErrors.ts';

/** The record types the sandbox serves, as NetSuite spells them in paths (matched case-insensitively). */
export const SANDBOX_RECORD_TYPES = [
  'customer',
  'job',
  'inventoryItem',
  'serviceSaleItem',
  'salesOrder',
] as const;
export type SandboxRecordType = (typeof SANDBOX_RECORD_TYPES)[number];

export function recordTypeFromPath(text: string): SandboxRecordType | undefined {
  const lower = text.toLowerCase();
  return SANDBOX_RECORD_TYPES.find((type) => type.toLowerCase() === lower);
}

/** A reference to another record: NetSuite takes `{id}` with the internal id as a string or a number. */
const reference = z.object({
  id: z
    .union([z.string().regex(/^\d+$/, 'must be an internal id'), z.number().int().positive()])
    .transform(String),
});
const name = z.string().trim().min(1).max(300);
const text = z.string().max(4000);
const amount = z.number();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as yyyy-MM-dd');
const externalId = z.string().trim().min(1).max(300);

export const customerFields = z.strictObject({
  externalId: externalId.optional(),
  entityId: name.optional(),
  companyName: name.optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(100).optional(),
  isInactive: z.boolean().optional(),
});

export const jobFields = z.strictObject({
  externalId: externalId.optional(),
  entityId: name.optional(),
  companyName: name.optional(),
  parent: reference.optional(),
  startDate: date.optional(),
  projectedEndDate: date.optional(),
  isInactive: z.boolean().optional(),
});

const itemCommon = {
  externalId: externalId.optional(),
  itemId: name.optional(),
  displayName: name.optional(),
  description: text.optional(),
  costEstimate: amount.optional(),
  averageCost: amount.optional(),
  lastPurchasePrice: amount.optional(),
  basePrice: amount.optional(),
  isInactive: z.boolean().optional(),
};

export const inventoryItemFields = z.strictObject({
  ...itemCommon,
  mpn: z.string().max(100).optional(),
  manufacturer: z.string().max(200).optional(),
  weightUnit: z.string().max(20).optional(),
  totalQuantityOnHand: amount.optional(),
});

export const serviceSaleItemFields = z.strictObject(itemCommon);

export const salesOrderLineFields = z.strictObject({
  line: z.number().int().positive().optional(),
  item: reference.optional(),
  quantity: z.number().positive().optional(),
  rate: amount.optional(),
  amount: amount.optional(),
  description: text.optional(),
  isClosed: z.boolean().optional(),
});
export type SalesOrderLineInput = z.infer<typeof salesOrderLineFields>;

export const salesOrderFields = z.strictObject({
  externalId: externalId.optional(),
  entity: reference.optional(),
  job: reference.nullable().optional(),
  memo: text.nullable().optional(),
  otherRefNum: z.string().max(45).nullable().optional(),
  tranDate: date.optional(),
  startDate: date.nullable().optional(),
  endDate: date.nullable().optional(),
  item: z.strictObject({ items: z.array(salesOrderLineFields).max(1000) }).optional(),
});

export interface RecordInput {
  customer: z.infer<typeof customerFields>;
  job: z.infer<typeof jobFields>;
  inventoryItem: z.infer<typeof inventoryItemFields>;
  serviceSaleItem: z.infer<typeof serviceSaleItemFields>;
  salesOrder: z.infer<typeof salesOrderFields>;
}

/** A request body by a record type's schema, or INVALID_CONTENT naming the field (NetSuite's `o:errorPath`). */
export function parseRecordInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : '';
  if (keys !== '')
    throw invalidContent(`Invalid content in the request body: unknown field ${keys}.`, path || keys);
  throw invalidContent(
    `Invalid content in the request body${path ? ` at ${path}` : ''}: ${issue?.message ?? 'not valid'}.`,
    path || undefined,
  );
}
