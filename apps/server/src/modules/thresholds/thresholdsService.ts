import {
  thresholdGroupSchema,
  type BodyOf,
  type ThresholdGroup,
  type thresholdsEndpoints,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  requireCompanyAccess,
  requirePermission,
  scopeIncludes,
} from '../../http/authorize.ts';
import { badField, conflict, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { loadVisibleAsset, READ, WRITE } from '../assets/assetsService.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  assetCounts,
  findGroup,
  insertGroup,
  listGroups,
  updateGroup,
  type ThresholdGroupRow,
} from './thresholdsRepository.ts';

type CreateBody = BodyOf<typeof thresholdsEndpoints.thresholdGroupsCreate>;
type UpdateBody = BodyOf<typeof thresholdsEndpoints.thresholdGroupsUpdate>;
const storedLimits = thresholdGroupSchema.shape.limits;
const NOT_FOUND = 'Threshold group not found.';

function present(row: ThresholdGroupRow, assetCount: number): ThresholdGroup {
  return {
    thresholdGroupId: row.thresholdGroupId,
    companyId: row.companyId,
    name: row.name,
    description: row.description,
    limits: storedLimits.parse(row.limits),
    assetCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function presentOne(db: DbOrTx, row: ThresholdGroupRow): Promise<ThresholdGroup> {
  const counts = await assetCounts(db, [row.thresholdGroupId]);
  return present(row, counts.get(row.thresholdGroupId) ?? 0);
}

/** Groups are company data, read with assets:read on their company; another company's are not listed. */
export async function listThresholdGroups(
  db: DbOrTx,
  auth: AuthContext,
  companyIds: readonly number[] | undefined,
): Promise<ThresholdGroup[]> {
  requirePermission(auth, READ);
  const scope = companyScope(auth, READ);
  const wanted = companyIds ?? scope;
  const allowed = wanted === 'ALL' ? 'ALL' : wanted.filter((companyId) => scopeIncludes(scope, companyId));
  const rows = await listGroups(db, allowed);
  const counts = await assetCounts(
    db,
    rows.map((row) => row.thresholdGroupId),
  );
  return rows.map((row) => present(row, counts.get(row.thresholdGroupId) ?? 0));
}

/** A live group the caller may change (assets:write on its company); another company's is missing. */
async function loadWritableGroup(tx: DbOrTx, auth: AuthContext, thresholdGroupId: number) {
  requirePermission(auth, WRITE);
  const row = await findGroup(tx, thresholdGroupId, true);
  if (!row) throw notFound(NOT_FOUND);
  requireCompanyAccess(auth, WRITE, row.companyId, NOT_FOUND);
  return row;
}

const groupEvent = (
  auth: AuthContext,
  name: string,
  row: ThresholdGroupRow,
  data: Record<string, unknown>,
) => ({
  name,
  actorUserId: auth.user.userId,
  companyId: row.companyId,
  subjectType: 'thresholdGroup',
  subjectId: row.thresholdGroupId,
  data,
});

export async function createThresholdGroup(
  db: Db,
  auth: AuthContext,
  body: CreateBody,
): Promise<ThresholdGroup> {
  requireCompanyAccess(auth, WRITE, body.companyId, 'Company not found.');
  return db.transaction(async (tx) => {
    const row = await insertGroup(tx, { ...body, createdBy: auth.user.userId });
    await recordEvent(
      tx,
      groupEvent(auth, 'thresholdGroups.create', row, { name: row.name, limits: body.limits.length }),
    );
    return present(row, 0);
  });
}

export async function updateThresholdGroup(
  db: Db,
  auth: AuthContext,
  body: UpdateBody,
): Promise<ThresholdGroup> {
  const { thresholdGroupId, ...fields } = body;
  return db.transaction(async (tx) => {
    const current = await loadWritableGroup(tx, auth, thresholdGroupId);
    const changed = Object.keys(fields);
    if (changed.length === 0) return presentOne(tx, current);
    const row = await updateGroup(tx, thresholdGroupId, fields);
    await recordEvent(tx, groupEvent(auth, 'thresholdGroups.update', row, { fields: changed }));
    return presentOne(tx, row);
  });
}

/** Refused while assets use the group: deleting it would silently drop the limits they are held to. */
export async function deleteThresholdGroup(db: Db, auth: AuthContext, thresholdGroupId: number) {
  return db.transaction(async (tx) => {
    const current = await loadWritableGroup(tx, auth, thresholdGroupId);
    const used = (await assetCounts(tx, [thresholdGroupId])).get(thresholdGroupId) ?? 0;
    if (used > 0) {
      throw conflict(
        `${used} ${used === 1 ? 'asset uses' : 'assets use'} this threshold group: attach them to another first.`,
      );
    }
    const row = await updateGroup(tx, thresholdGroupId, { isDeleted: true });
    await recordEvent(tx, groupEvent(auth, 'thresholdGroups.delete', row, { name: current.name }));
    return { ok: true as const };
  });
}

/**
 * An asset may be held only to a live group of its own company. Called inside the asset's update transaction,
 * after the asset was loaded for writing; the group row is held until commit, so a concurrent delete waits.
 */
export async function requireAttachableGroup(tx: DbOrTx, thresholdGroupId: number, companyId: number) {
  const row = await findGroup(tx, thresholdGroupId, true);
  if (!row || row.companyId !== companyId) {
    throw badField('body.thresholdGroupId', "No such threshold group in the asset's company.");
  }
}

/** The limits an asset is held to, for anyone who may read the asset (external users through their groups). */
export async function assetThresholds(db: DbOrTx, auth: AuthContext, assetId: number) {
  const asset = await loadVisibleAsset(db, auth, READ, assetId);
  const row = asset.thresholdGroupId === null ? undefined : await findGroup(db, asset.thresholdGroupId);
  if (!row || row.companyId !== asset.companyId) return { thresholdGroupId: null, name: null, limits: [] };
  return { thresholdGroupId: row.thresholdGroupId, name: row.name, limits: storedLimits.parse(row.limits) };
}
