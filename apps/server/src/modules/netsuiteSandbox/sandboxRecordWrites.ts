import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { userError } from './sandboxErrors.ts';
import {
  customerFields,
  inventoryItemFields,
  jobFields,
  parseRecordInput,
  salesOrderFields,
  serviceSaleItemFields,
  type RecordInput,
  type SandboxRecordType,
} from './sandboxRecordSchemas.ts';
import {
  findRecordsById,
  isSelfOrDescendant,
  type RecordWrite,
  type StoredRecord,
} from './sandboxRecordStore.ts';
import { prepareSalesOrderWrite } from './sandboxSalesOrderWrites.ts';
import { externalIdAfterWrite, type WriteContext } from './sandboxWriteContext.ts';

export const requiredField = (field: string) => userError(`Please enter value(s) for: ${field}.`, field);

const stringField = z.string();
const nameOf = (record: StoredRecord) => stringField.catch('').parse(record.body.entityId);

/** The present fields a PATCH starts from (the body as given back, with the external id). */
function presentFields(context: WriteContext): Record<string, unknown> {
  if (context.mode !== 'patch' || !context.existing) return {};
  return { ...context.existing.body, externalId: context.existing.externalId ?? undefined };
}

/** The body and derived columns a write stores, after NetSuite's checks of required fields and references. */
export async function prepareRecordWrite(
  db: DbOrTx,
  type: SandboxRecordType,
  body: unknown,
  context: WriteContext,
): Promise<RecordWrite> {
  switch (type) {
    case 'customer':
      return prepareCustomer(parseRecordInput(customerFields, body), context);
    case 'job':
      return prepareJob(db, parseRecordInput(jobFields, body), context);
    case 'inventoryItem':
    case 'serviceSaleItem':
      return prepareItem(
        parseRecordInput(type === 'inventoryItem' ? inventoryItemFields : serviceSaleItemFields, body),
        context,
      );
    case 'salesOrder':
      return prepareSalesOrderWrite(db, parseRecordInput(salesOrderFields, body), context);
  }
}

function prepareCustomer(input: RecordInput['customer'], context: WriteContext): RecordWrite {
  const merged = { ...presentFields(context), ...input };
  const fields = parseRecordInput(customerFields, { ...merged, externalId: undefined });
  const entityId = fields.entityId ?? fields.companyName;
  if (entityId === undefined) throw requiredField('companyName');
  return {
    externalId: externalIdAfterWrite(input, context),
    body: {
      ...fields,
      entityId,
      companyName: fields.companyName ?? entityId,
      isInactive: fields.isInactive ?? false,
    },
    searchText: entityId,
    parentId: null,
    isInactive: fields.isInactive ?? false,
  };
}

async function prepareJob(
  db: DbOrTx,
  input: RecordInput['job'],
  context: WriteContext,
): Promise<RecordWrite> {
  // The stored customer is derived from the parent, never taken from a body; a PATCH names only what it changes.
  const { customer: _derived, ...present } = presentFields(context);
  const fields = parseRecordInput(jobFields, { ...present, ...input, externalId: undefined });
  if (fields.entityId === undefined) throw requiredField('entityId');
  if (fields.parent === undefined) throw requiredField('parent');
  const parentId = Number(fields.parent.id);
  const parent = (await findRecordsById(db, [parentId])).get(parentId);
  if (!parent || (parent.recordType !== 'customer' && parent.recordType !== 'job'))
    throw userError(`Invalid parent reference key ${fields.parent.id}.`, 'parent');
  if (context.existing && (await isSelfOrDescendant(db, context.internalId, parentId)))
    throw userError('A project cannot be its own parent or a parent of its parent.', 'parent');
  const customer =
    parent.recordType === 'customer'
      ? { id: String(parent.internalId), refName: nameOf(parent) }
      : parent.body.customer;
  return {
    externalId: externalIdAfterWrite(input, context),
    body: {
      ...fields,
      companyName: fields.companyName ?? fields.entityId,
      parent: { id: String(parent.internalId), refName: nameOf(parent) },
      customer,
      isInactive: fields.isInactive ?? false,
    },
    searchText: `${parent.searchText} : ${fields.entityId}`,
    parentId,
    isInactive: fields.isInactive ?? false,
  };
}

function prepareItem(
  input: RecordInput['inventoryItem'] | RecordInput['serviceSaleItem'],
  context: WriteContext,
): RecordWrite {
  const fields = { ...presentFields(context), ...input, externalId: undefined };
  const itemId = stringField.optional().parse(fields.itemId);
  if (itemId === undefined) throw requiredField('itemId');
  const displayName = stringField.optional().parse(fields.displayName);
  const isInactive = z.boolean().optional().parse(fields.isInactive) ?? false;
  return {
    externalId: externalIdAfterWrite(input, context),
    body: { ...fields, isInactive },
    searchText: [itemId, displayName].filter((part) => part !== undefined).join(' '),
    parentId: null,
    isInactive,
  };
}
