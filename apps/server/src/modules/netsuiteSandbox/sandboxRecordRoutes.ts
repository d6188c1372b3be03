import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { netsuiteSandboxRecords } from '../../platform/db/netsuiteSandboxSchema.ts';
import { invalidParameter, nonexistentId, userError } from './sandboxErrors.ts';
import { pageEnvelope, parsePageQuery } from './sandboxPaging.ts';
import { recordTypeFromPath, type SandboxRecordType } from './sandboxRecordSchemas.ts';
import {
  deleteRecord,
  findRecord,
  hasDependents,
  insertRecord,
  listRecordIds,
  nextInternalId,
  refreshDescendantChains,
  updateRecord,
} from './sandboxRecordStore.ts';
import { recordHref, recordRefView, recordView, RECORD_PATH } from './sandboxRecordView.ts';
import { prepareRecordWrite } from './sandboxRecordWrites.ts';
import { isClosedOrder } from './sandboxSalesOrderWrites.ts';

const typeParams = z.object({ type: z.string() });
const recordParams = z.object({ type: z.string(), id: z.string() });
const listQuery = z.object({ q: z.string().max(1000).optional() }).catch({});
const patchQuery = z.object({ replace: z.string().optional() }).catch({});

function typeOf(text: string): SandboxRecordType {
  const type = recordTypeFromPath(text);
  if (!type) throw invalidParameter(`Record type '${text}' does not exist.`, 'type');
  return type;
}

/**
 * The list's `q`, NetSuite's record query: `<field> IS|IS_NOT|START_WITH|CONTAIN "<value>"` on id, externalId
 * or a top-level field. The field name is a bound parameter, never SQL text.
 */
function listFilter(q: string | undefined): SQL | undefined {
  if (q === undefined || q.trim() === '') return undefined;
  const match = /^\s*([A-Za-z][A-Za-z0-9_]*)\s+(IS|IS_NOT|START_WITH|CONTAIN)\s+"?([^"]*)"?\s*$/i.exec(q);
  if (!match) throw invalidParameter(`Invalid query: ${q}. Use <field> IS "<value>".`, 'q');
  const [, field = '', operator = '', value = ''] = match;
  const column =
    field === 'id'
      ? sql`${netsuiteSandboxRecords.internalId}::text`
      : field === 'externalId'
        ? sql`${netsuiteSandboxRecords.externalId}`
        : sql`(${netsuiteSandboxRecords.body} ->> ${field})`;
  switch (operator.toUpperCase()) {
    case 'IS':
      return sql`${column} = ${value}`;
    case 'IS_NOT':
      return sql`${column} is distinct from ${value}`;
    case 'START_WITH':
      return sql`${column} like ${`${value.replace(/[\\%_]/g, '\\$&')}%`}`;
    default:
      return sql`${column} like ${`%${value.replace(/[\\%_]/g, '\\$&')}%`}`;
  }
}

/** One writer at a time per external id, so that two PUTs of one new record make one record. */
async function lockExternalId(tx: DbOrTx, type: SandboxRecordType, externalId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`netsuite-sandbox:${type}:${externalId}`}))`);
}

async function refuseTakenExternalId(
  tx: DbOrTx,
  type: SandboxRecordType,
  externalId: string | null,
  internalId: number,
): Promise<void> {
  if (externalId === null) return;
  const [taken] = await tx
    .select({ id: netsuiteSandboxRecords.internalId })
    .from(netsuiteSandboxRecords)
    .where(
      and(eq(netsuiteSandboxRecords.recordType, type), eq(netsuiteSandboxRecords.externalId, externalId)),
    );
  if (taken && taken.id !== internalId)
    throw userError(`A ${type} record with the external id '${externalId}' already exists.`, 'externalId');
}

/** The REST record calls for the five record types (the bearer check runs before them, in the sandbox scope). */
export function registerRecordRoutes(
  scope: FastifyInstance,
  deps: { db: Db; apiOrigin: string; prefix: string },
): void {
  const { db, apiOrigin, prefix } = deps;
  const base = `${prefix}${RECORD_PATH}`;
  const writeChains = async (tx: DbOrTx, type: SandboxRecordType, internalId: number) => {
    if (type === 'customer' || type === 'job') await refreshDescendantChains(tx, internalId);
  };

  scope.get(`${base}/:type`, async (request) => {
    const type = typeOf(typeParams.parse(request.params).type);
    const page = parsePageQuery(request.query);
    const { q } = listQuery.parse(request.query);
    const { ids, total } = await listRecordIds(db, type, { ...page, filter: listFilter(q) });
    return pageEnvelope(
      ids.map((id) => recordRefView(apiOrigin, type, id)),
      { ...page, total },
      (query) => `${recordHref(apiOrigin, type)}?${query.toString()}`,
      q === undefined ? {} : { q },
    );
  });

  scope.get(`${base}/:type/:id`, async (request) => {
    const params = recordParams.parse(request.params);
    const type = typeOf(params.type);
    const record = await findRecord(db, type, params.id);
    if (!record) throw nonexistentId(type, params.id);
    return recordView(apiOrigin, type, record);
  });

  scope.post(`${base}/:type`, async (request, reply) => {
    const type = typeOf(typeParams.parse(request.params).type);
    const internalId = await db.transaction(async (tx) => {
      const id = await nextInternalId(tx);
      const write = await prepareRecordWrite(tx, type, request.body, {
        internalId: id,
        mode: 'create',
        existing: undefined,
      });
      if (write.externalId !== null) await lockExternalId(tx, type, write.externalId);
      await refuseTakenExternalId(tx, type, write.externalId, id);
      await insertRecord(tx, type, id, write);
      return id;
    });
    return reply
      .status(204)
      .header('location', recordHref(apiOrigin, type, internalId))
      .send();
  });

  scope.patch(`${base}/:type/:id`, async (request, reply) => {
    const params = recordParams.parse(request.params);
    const type = typeOf(params.type);
    const { replace } = patchQuery.parse(request.query);
    await db.transaction(async (tx) => {
      const existing = await findRecord(tx, type, params.id, { forUpdate: true });
      if (!existing) throw nonexistentId(type, params.id);
      if (isClosedOrder(existing)) throw userError('This order is closed: it can no longer be changed.');
      const write = await prepareRecordWrite(tx, type, request.body, {
        internalId: existing.internalId,
        mode: 'patch',
        existing,
        replaceLines: (replace ?? '').split(',').includes('item'),
      });
      if (write.externalId !== existing.externalId)
        await refuseTakenExternalId(tx, type, write.externalId, existing.internalId);
      await updateRecord(tx, existing.internalId, write);
      await writeChains(tx, type, existing.internalId);
    });
    return reply.status(204).send();
  });

  scope.put(`${base}/:type/:id`, async (request, reply) => {
    const params = recordParams.parse(request.params);
    const type = typeOf(params.type);
    if (!params.id.startsWith('eid:') || params.id.length <= 4)
      throw invalidParameter(
        'PUT creates or replaces a record by its external id: address it as eid:<externalId>.',
        'id',
      );
    const eid = params.id.slice(4);
    const internalId = await db.transaction(async (tx) => {
      await lockExternalId(tx, type, eid);
      const existing = await findRecord(tx, type, params.id, { forUpdate: true });
      if (existing && isClosedOrder(existing))
        throw userError('This order is closed: it can no longer be changed.');
      const id = existing?.internalId ?? (await nextInternalId(tx));
      const write = await prepareRecordWrite(tx, type, request.body, {
        internalId: id,
        mode: 'replace',
        existing,
        eid,
      });
      if (existing) {
        await updateRecord(tx, id, write);
        await writeChains(tx, type, id);
      } else await insertRecord(tx, type, id, write);
      return id;
    });
    return reply
      .status(204)
      .header('location', recordHref(apiOrigin, type, internalId))
      .send();
  });

  scope.delete(`${base}/:type/:id`, async (request, reply) => {
    const params = recordParams.parse(request.params);
    const type = typeOf(params.type);
    await db.transaction(async (tx) => {
      const existing = await findRecord(tx, type, params.id, { forUpdate: true });
      if (!existing) throw nonexistentId(type, params.id);
      if (await hasDependents(tx, existing.internalId))
        throw userError('This record cannot be deleted because it has dependent records.');
      await deleteRecord(tx, existing.internalId);
    });
    return reply.status(204).send();
  });
}
