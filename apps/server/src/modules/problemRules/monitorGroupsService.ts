import type { BodyOf, MonitorGroup, problemRulesEndpoints } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, conflict, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { findCompany } from '../companies/companiesRepository.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  findGroup,
  findRulesForShare,
  groupAssetCounts,
  groupRuleIds,
  insertGroup,
  listGroups,
  replaceGroupRules,
  updateGroup,
  type MonitorGroupRow,
} from './problemRulesRepository.ts';
import {
  countedCompanies,
  LIBRARY_COMPANY_ID,
  readReach,
  requireReadable,
  requireWritable,
} from './ruleAccess.ts';

type Endpoints = typeof problemRulesEndpoints;
type CreateBody = BodyOf<Endpoints['monitorGroupsCreate']>;
type UpdateBody = BodyOf<Endpoints['monitorGroupsUpdate']>;

export const GROUP_NOT_FOUND = 'Monitor group not found.';

async function present(db: DbOrTx, auth: AuthContext, rows: MonitorGroupRow[]): Promise<MonitorGroup[]> {
  const ids = rows.map((row) => row.monitorGroupId);
  const rules = await groupRuleIds(db, ids);
  const counts = await groupAssetCounts(db, ids, countedCompanies(auth));
  return rows.map((row) => ({
    monitorGroupId: row.monitorGroupId,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    problemRuleDefinitionIds: rules.get(row.monitorGroupId) ?? [],
    assetCount: counts.get(row.monitorGroupId) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function presentOne(db: DbOrTx, auth: AuthContext, row: MonitorGroupRow): Promise<MonitorGroup> {
  const [group] = await present(db, auth, [row]);
  if (!group) throw new Error('The monitor group was not presented.');
  return group;
}

const groupEvent = (
  auth: AuthContext,
  name: string,
  row: MonitorGroupRow,
  data: Record<string, unknown>,
) => ({
  name,
  actorUserId: auth.user.userId,
  companyId: row.companyId,
  subjectType: 'monitorGroup',
  subjectId: row.monitorGroupId,
  data,
});

/** Groups of the companies the caller reads problems of (or the requested ones among them), with the library's. */
export async function listMonitorGroups(
  db: DbOrTx,
  auth: AuthContext,
  companyIds: readonly number[] | undefined,
): Promise<MonitorGroup[]> {
  return present(db, auth, await listGroups(db, readReach(auth, companyIds)));
}

export async function getMonitorGroup(
  db: DbOrTx,
  auth: AuthContext,
  monitorGroupId: number,
): Promise<MonitorGroup> {
  const row = await findGroup(db, monitorGroupId);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  requireReadable(auth, row.companyId, GROUP_NOT_FOUND);
  return presentOne(db, auth, row);
}

/**
 * The rules a group of `companyId` may hold: live system rules of that company or of the library, once each.
 * Another company's rule is answered like a missing one, so that ids do not reveal what others have.
 */
async function holdableRuleIds(tx: DbOrTx, companyId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = new Map(
    (await findRulesForShare(tx, unique)).map((row) => [row.problemRuleDefinitionId, row]),
  );
  for (const id of unique) {
    const row = rows.get(id);
    const field = `body.problemRuleDefinitionIds.${ids.indexOf(id)}`;
    if (!row || (row.companyId !== companyId && row.companyId !== LIBRARY_COMPANY_ID)) {
      throw badField(field, `Rule ${id} is neither this company's nor the library's.`);
    }
    if (row.type !== 'SYSTEM') {
      throw badField(field, `Rule ${id} is an ad hoc rule: monitor groups hold system rules only.`);
    }
  }
  return unique;
}

export async function createMonitorGroup(db: Db, auth: AuthContext, body: CreateBody): Promise<MonitorGroup> {
  requireWritable(auth, body.companyId, 'Company not found.');
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, body.companyId);
    if (!company || company.isDeleted) throw notFound('Company not found.');
    const ruleIds = await holdableRuleIds(tx, body.companyId, body.problemRuleDefinitionIds);
    const row = await insertGroup(tx, {
      companyId: body.companyId,
      name: body.name,
      description: body.description === '' ? null : body.description,
      createdBy: auth.user.userId,
    });
    await replaceGroupRules(tx, row.monitorGroupId, ruleIds);
    await recordEvent(
      tx,
      groupEvent(auth, 'monitorGroups.create', row, { name: row.name, problemRuleDefinitionIds: ruleIds }),
    );
    return presentOne(tx, auth, row);
  });
}

/** A live group the caller may change, held until the transaction ends (an asset attaching to it waits). */
async function loadWritableGroup(tx: DbOrTx, auth: AuthContext, monitorGroupId: number) {
  const row = await findGroup(tx, monitorGroupId, 'update');
  if (!row) throw notFound(GROUP_NOT_FOUND);
  requireWritable(auth, row.companyId, GROUP_NOT_FOUND);
  return row;
}

/** Renames a group and replaces its rules; the audit event says which rules came and went. */
export async function updateMonitorGroup(db: Db, auth: AuthContext, body: UpdateBody): Promise<MonitorGroup> {
  return db.transaction(async (tx) => {
    const current = await loadWritableGroup(tx, auth, body.monitorGroupId);
    const ruleIds = await holdableRuleIds(tx, current.companyId, body.problemRuleDefinitionIds);
    const before = (await groupRuleIds(tx, [current.monitorGroupId])).get(current.monitorGroupId) ?? [];
    const added = ruleIds.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !ruleIds.includes(id));
    const description = body.description === '' ? null : body.description;
    const renamed = current.name !== body.name || current.description !== description;
    if (!renamed && added.length === 0 && removed.length === 0) return presentOne(tx, auth, current);
    const row = renamed
      ? await updateGroup(tx, current.monitorGroupId, { name: body.name, description })
      : await updateGroup(tx, current.monitorGroupId, {});
    await replaceGroupRules(tx, row.monitorGroupId, ruleIds);
    await recordEvent(
      tx,
      groupEvent(auth, 'monitorGroups.update', row, {
        ...(renamed ? { name: row.name } : {}),
        added,
        removed,
      }),
    );
    return presentOne(tx, auth, row);
  });
}

/** Refused while assets hold the group (of any company, for a library group): they would silently go unwatched. */
export async function deleteMonitorGroup(db: Db, auth: AuthContext, monitorGroupId: number) {
  return db.transaction(async (tx) => {
    const current = await loadWritableGroup(tx, auth, monitorGroupId);
    const held = (await groupAssetCounts(tx, [monitorGroupId], 'ALL')).get(monitorGroupId) ?? 0;
    if (held > 0) {
      throw conflict(
        `${held} ${held === 1 ? 'asset holds' : 'assets hold'} this monitor group: attach ${held === 1 ? 'it' : 'them'} to another group first.`,
      );
    }
    const row = await updateGroup(tx, monitorGroupId, { isDeleted: true });
    await recordEvent(tx, groupEvent(auth, 'monitorGroups.delete', row, { name: current.name }));
    return { ok: true as const };
  });
}

/**
 * An asset may be held only by a live monitor group of its own company or of the library. Called inside the
 * asset's write transaction; the group row is held (shared) until commit, so a concurrent delete waits and then
 * counts this asset.
 */
export async function requireHoldableMonitorGroup(tx: DbOrTx, monitorGroupId: number, companyId: number) {
  const row = await findGroup(tx, monitorGroupId, 'share');
  if (!row || (row.companyId !== companyId && row.companyId !== LIBRARY_COMPANY_ID)) {
    throw badField('body.monitorGroupId', "No such monitor group in the asset's company or the library.");
  }
}
