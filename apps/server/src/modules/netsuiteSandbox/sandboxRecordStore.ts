import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import type { SandboxRecordType } from './sandboxRecordSchemas.ts';

/** A record as stored: NetSuite's fields in `body`, the rest in columns. */
export interface StoredRecord {
  internalId: number;
  recordType: string;
  externalId: string | null;
  body: Record<string, unknown>;
  searchText: string;
  parentId: number | null;
  isInactive: boolean;
  createdAt: Date;
  lastModified: Date;
}

/** What a write stores: the fields and the columns derived from them. */
export interface RecordWrite {
  externalId: string | null;
  body: Record<string, unknown>;
  searchText: string;
  parentId: number | null;
  isInactive: boolean;
}

const bodySchema = z.record(z.string(), z.unknown());

function stored(row: typeof netsuiteSandboxRecords.$inferSelect): StoredRecord {
  return { ...row, body: bodySchema.parse(row.body) };
}

/** `123` or `eid:<externalId>` → the condition that finds it; undefined for anything else. */
export function addressCondition(type: SandboxRecordType, idOrEid: string): SQL | undefined {
  const byType = eq(netsuiteSandboxRecords.recordType, type);
  if (/^\d{1,15}$/.test(idOrEid)) return and(byType, eq(netsuiteSandboxRecords.internalId, Number(idOrEid)));
  if (idOrEid.startsWith('eid:') && idOrEid.length > 4)
    return and(byType, eq(netsuiteSandboxRecords.externalId, idOrEid.slice(4)));
  return undefined;
}

export async function findRecord(
  db: DbOrTx,
  type: SandboxRecordType,
  idOrEid: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredRecord | undefined> {
  const condition = addressCondition(type, idOrEid);
  if (!condition) return undefined;
  const query = db.select().from(netsuiteSandboxRecords).where(condition);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? stored(row) : undefined;
}

/** Records by internal id whatever their type (references: a job's parent, an order's items). */
export async function findRecordsById(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, StoredRecord>> {
  const found = new Map<number, StoredRecord>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(netsuiteSandboxRecords)
    .where(inArray(netsuiteSandboxRecords.internalId, [...new Set(ids)]));
  for (const row of rows) found.set(row.internalId, stored(row));
  return found;
}

/** A page of a type's internal ids in id order, with the total; `filter` narrows it (the list's `q`). */
export async function listRecordIds(
  db: DbOrTx,
  type: SandboxRecordType,
  page: { limit: number; offset: number; filter?: SQL | undefined },
): Promise<{ ids: number[]; total: number }> {
  const where = and(eq(netsuiteSandboxRecords.recordType, type), page.filter);
  const [totalRow] = await db.select({ n: count() }).from(netsuiteSandboxRecords).where(where);
  const rows = await db
    .select({ id: netsuiteSandboxRecords.internalId })
    .from(netsuiteSandboxRecords)
    .where(where)
    .orderBy(asc(netsuiteSandboxRecords.internalId))
    .limit(page.limit)
    .offset(page.offset);
  return { ids: rows.map((row) => row.id), total: totalRow?.n ?? 0 };
}

/** The next internal id, taken before the insert so that fields derived from it (tranId) are written at once. */
export async function nextInternalId(db: DbOrTx): Promise<number> {
  const result: unknown = await db.execute(
    sql`select nextval(pg_get_serial_sequence('netsuite_sandbox_records', 'internal_id'))::int as id`,
  );
  const [row] = z.object({ rows: z.array(z.object({ id: z.number() })) }).parse(result).rows;
  if (!row) throw new Error('No next internal id');
  return row.id;
}

export async function insertRecord(
  db: DbOrTx,
  type: SandboxRecordType,
  internalId: number,
  write: RecordWrite,
): Promise<void> {
  await db.insert(netsuiteSandboxRecords).values({ internalId, recordType: type, ...write });
}

export async function updateRecord(db: DbOrTx, internalId: number, write: RecordWrite): Promise<void> {
  await db
    .update(netsuiteSandboxRecords)
    .set({ ...write, lastModified: new Date() })
    .where(eq(netsuiteSandboxRecords.internalId, internalId));
}

export async function deleteRecord(db: DbOrTx, internalId: number): Promise<void> {
  await db.delete(netsuiteSandboxRecords).where(eq(netsuiteSandboxRecords.internalId, internalId));
}

/** Whether other records hang below this one (a customer's or job's projects, a project's orders). */
export async function hasDependents(db: DbOrTx, internalId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: netsuiteSandboxRecords.internalId })
    .from(netsuiteSandboxRecords)
    .where(eq(netsuiteSandboxRecords.parentId, internalId))
    .limit(1);
  return row !== undefined;
}

/** Whether `candidate` is `internalId` itself or one of the projects below it (a parent change making a loop). */
export async function isSelfOrDescendant(
  db: DbOrTx,
  internalId: number,
  candidate: number,
): Promise<boolean> {
  const result: unknown = await db.execute(sql`
    with recursive tree(id) as (
      select ${internalId}::bigint
      union
      select r.internal_id from netsuite_sandbox_records r join tree t on r.parent_id = t.id
       where r.record_type = 'job'
    )
    select exists(select 1 from tree where id = ${candidate}) as found`);
  return z.object({ rows: z.array(z.object({ found: z.boolean() })) }).parse(result).rows[0]?.found ?? false;
}

/**
 * After a customer's or project's name or parent changed: every project below it gets its name chain
 * ('Parent : Name', in search_text) again, and its top customer, in one statement.
 */
export async function refreshDescendantChains(db: DbOrTx, internalId: number): Promise<void> {
  await db.execute(sql`
    with recursive tree(id, chain, own_name, parent_name, customer_id, customer_name) as (
      select internal_id, search_text, body->>'entityId', null::text,
             case when record_type = 'customer' then internal_id::text else body->'customer'->>'id' end,
             case when record_type = 'customer' then body->>'entityId' else body->'customer'->>'refName' end
        from netsuite_sandbox_records where internal_id = ${internalId}
      union all
      select r.internal_id, t.chain || ' : ' || (r.body->>'entityId'), r.body->>'entityId', t.own_name,
             t.customer_id, t.customer_name
        from netsuite_sandbox_records r join tree t on r.parent_id = t.id
       where r.record_type = 'job'
    )
    update netsuite_sandbox_records r
       set search_text = tree.chain,
           body = jsonb_set(
             jsonb_set(r.body, '{customer}', jsonb_build_object('id', tree.customer_id, 'refName', tree.customer_name)),
             '{parent,refName}', to_jsonb(tree.parent_name))
      from tree
     where r.internal_id = tree.id and r.internal_id <> ${internalId}`);
}
