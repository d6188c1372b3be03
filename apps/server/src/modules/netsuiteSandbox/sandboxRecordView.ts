import type { SandboxRecordType } from './sandboxRecordSchemas.ts';
import type { StoredRecord } from './sandboxRecordStore.ts';

/** Where the sandbox's record calls live under its origin (NetSuite's path). */
export const RECORD_PATH = '/services/rest/record/v1';

/** NetSuite's second-precision UTC timestamps: 2026-11-28T01:12:49Z. */
export const netsuiteTimestamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export function recordHref(apiOrigin: string, type: SandboxRecordType, internalId?: number): string {
  return `${apiOrigin}${RECORD_PATH}/${type.toLowerCase()}${internalId === undefined ? '' : `/${internalId}`}`;
}

/** Entities say `dateCreated`, items and transactions `createdDate`, as NetSuite does. */
const CREATED_FIELD: Record<SandboxRecordType, string> = {
  customer: 'dateCreated',
  job: 'dateCreated',
  inventoryItem: 'createdDate',
  serviceSaleItem: 'createdDate',
  salesOrder: 'createdDate',
};

/** A record as NetSuite answers GET: its links, id, external id, fields and timestamps. */
export function recordView(
  apiOrigin: string,
  type: SandboxRecordType,
  record: StoredRecord,
): Record<string, unknown> {
  return {
    links: [{ rel: 'self', href: recordHref(apiOrigin, type, record.internalId) }],
    id: String(record.internalId),
    ...(record.externalId === null ? {} : { externalId: record.externalId }),
    ...record.body,
    [CREATED_FIELD[type]]: netsuiteTimestamp(record.createdAt),
    lastModifiedDate: netsuiteTimestamp(record.lastModified),
  };
}

/** A collection's item: only the id and its link; the record itself is read with GET. */
export function recordRefView(apiOrigin: string, type: SandboxRecordType, internalId: number) {
  return { links: [{ rel: 'self', href: recordHref(apiOrigin, type, internalId) }], id: String(internalId) };
}
