import type { BodyOf, MaintenanceWindow, maintenanceWindowsEndpoints, PageableQuery } from '@kelvin/contract';
import {
  isMaintenanceCancelable,
  isMaintenanceEditable,
  isMaintenancePast,
  maintenanceAssetProblem,
  maintenanceWindowState,
} from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, conflict, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { assetVisibility, canSeeAsset, companiesInScope } from '../access/assetAccess.ts';
import { ancestorIds, chainsUpFrom } from '../assets/assetsRepository.ts';
import { loadVisibleAsset, READ } from '../assets/assetsService.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  cancelWindow,
  findWindowViews,
  insertWindow,
  listWindowViews,
  lockWindows,
  subtreeIds,
  updateWindow,
  type WindowRow,
  type WindowView,
} from './maintenanceRepository.ts';

export const MAINTENANCE_WRITE = 'maintenanceWindows:write';
export const MAINTENANCE_PAGE_SIZE = 25;

type Endpoints = typeof maintenanceWindowsEndpoints;
type ListBody = BodyOf<Endpoints['assetsListMaintenanceWindows']>;
type CreateBody = BodyOf<Endpoints['assetsCreateMaintenanceWindow']>;
type UpdateBody = BodyOf<Endpoints['assetsUpdateMaintenanceWindow']>;
type CancelBody = BodyOf<Endpoints['assetsCancelMaintenanceWindow']>;

/** The clock, passed in so that tests can stand at any moment of a window. */
export type Clock = () => Date;

export function presentWindow(view: WindowView, now: Date): MaintenanceWindow {
  const { window } = view;
  const times = {
    from: window.startsAt.getTime(),
    to: window.endsAt.getTime(),
    canceledAt: window.canceledAt?.getTime() ?? null,
  };
  return {
    assetMaintenanceWindowId: window.assetMaintenanceWindowId,
    assetId: window.assetId,
    assetName: view.assetName,
    assetTypeId: view.assetTypeId,
    companyId: window.companyId,
    description: window.description,
    timeWindow: { from: window.startsAt.toISOString(), to: window.endsAt.toISOString() },
    timeZoneId: window.timeZoneId,
    canceledAt: window.canceledAt?.toISOString() ?? null,
    cancelReason: window.cancelReason,
    canceledBy:
      window.canceledBy === null
        ? null
        : { userId: window.canceledBy, name: view.cancelerName ?? 'A former user' },
    state: maintenanceWindowState(times, now.getTime()),
    isPast: isMaintenancePast(times, now.getTime()),
    createdBy: { userId: window.createdBy, name: view.creatorName },
    createdAt: window.createdAt.toISOString(),
    updatedAt: window.updatedAt.toISOString(),
  };
}

async function presentIds(db: DbOrTx, ids: readonly number[], now: Date): Promise<MaintenanceWindow[]> {
  const views = await findWindowViews(db, ids);
  const byId = new Map(views.map((view) => [view.window.assetMaintenanceWindowId, view]));
  return ids.map((id) => {
    const view = byId.get(id);
    if (!view) throw new Error(`maintenance window ${id} vanished after writing`);
    return presentWindow(view, now);
  });
}

/** A window still ahead of its end: refuses one that has already ended (it would be PAST at once). */
function requireFutureEnd(to: Date, now: Date): void {
  if (to.getTime() <= now.getTime())
    throw badField('body.timeWindow.to', 'The window has already ended: its end must be in the future.');
}

/**
 * `assets.createMaintenanceWindow`: maintenanceWindows:write on the asset's company (another company's asset is
 * missing), an asset that may have one, an end still ahead; the window and its audit event in one transaction.
 */
export async function createMaintenanceWindow(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: CreateBody,
): Promise<MaintenanceWindow> {
  const asset = await loadVisibleAsset(db, auth, MAINTENANCE_WRITE, body.assetId);
  const assetProblem = maintenanceAssetProblem(asset.assetTypeId);
  if (assetProblem) throw badField('body.assetId', assetProblem);
  const now = clock();
  const from = new Date(body.timeWindow.from);
  const to = new Date(body.timeWindow.to);
  requireFutureEnd(to, now);
  const id = await db.transaction(async (tx) => {
    const row = await insertWindow(tx, {
      companyId: asset.companyId,
      assetId: asset.assetId,
      description: body.description,
      startsAt: from,
      endsAt: to,
      timeZoneId: body.timeZoneId,
      createdBy: auth.user.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, {
      name: 'maintenanceWindows.create',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: {
        assetMaintenanceWindowId: row.assetMaintenanceWindowId,
        description: body.description,
        from: from.toISOString(),
        to: to.toISOString(),
        timeZoneId: body.timeZoneId,
      },
    });
    return row.assetMaintenanceWindowId;
  });
  const [created] = await presentIds(db, [id], now);
  if (!created) throw new Error(`maintenance window ${id} vanished after insert`);
  return created;
}

/**
 * Locks the windows and checks the caller may write each: 403 without maintenanceWindows:write at all; a missing
 * window and another company's (or, for an external user, one outside their access groups) are the same 404.
 */
async function lockWritable(
  tx: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
): Promise<Map<number, WindowRow>> {
  const visibility = await assetVisibility(tx, auth, MAINTENANCE_WRITE);
  const rows = new Map((await lockWindows(tx, ids)).map((row) => [row.assetMaintenanceWindowId, row]));
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || !canSeeAsset(visibility, row)) throw notFound(`Maintenance window ${id} not found.`);
  }
  return rows;
}

const timesOf = (row: WindowRow) => ({
  from: row.startsAt.getTime(),
  to: row.endsAt.getTime(),
  canceledAt: row.canceledAt?.getTime() ?? null,
});

/** `assets.updateMaintenanceWindow`: only while the window is neither canceled nor past (409 otherwise). */
export async function updateMaintenanceWindow(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: UpdateBody,
): Promise<MaintenanceWindow> {
  const now = clock();
  const from = new Date(body.timeWindow.from);
  const to = new Date(body.timeWindow.to);
  await db.transaction(async (tx) => {
    const id = body.assetMaintenanceWindowId;
    const row = (await lockWritable(tx, auth, [id])).get(id);
    if (!row) throw notFound(`Maintenance window ${id} not found.`);
    if (row.canceledAt !== null)
      throw conflict('This maintenance window is canceled and can no longer be changed.');
    if (!isMaintenanceEditable(timesOf(row), now.getTime()))
      throw conflict('This maintenance window is over and can no longer be changed.');
    requireFutureEnd(to, now);
    await updateWindow(tx, id, {
      description: body.description,
      startsAt: from,
      endsAt: to,
      timeZoneId: body.timeZoneId,
      updatedAt: now,
    });
    await recordEvent(tx, {
      name: 'maintenanceWindows.update',
      actorUserId: auth.user.userId,
      companyId: row.companyId,
      subjectType: 'asset',
      subjectId: row.assetId,
      data: {
        assetMaintenanceWindowId: id,
        before: {
          description: row.description,
          from: row.startsAt.toISOString(),
          to: row.endsAt.toISOString(),
          timeZoneId: row.timeZoneId,
        },
        after: {
          description: body.description,
          from: from.toISOString(),
          to: to.toISOString(),
          timeZoneId: body.timeZoneId,
        },
      },
    });
  });
  const [updated] = await presentIds(db, [body.assetMaintenanceWindowId], now);
  if (!updated) throw new Error('maintenance window vanished after update');
  return updated;
}

/**
 * `assets.cancelMaintenanceWindow`: every window named, each with its reason, or none (404 for one missing, 409
 * for one already canceled or over).
 */
export async function cancelMaintenanceWindows(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: CancelBody,
): Promise<MaintenanceWindow[]> {
  const now = clock();
  const ids = body.map((item) => item.assetMaintenanceWindowId);
  await db.transaction(async (tx) => {
    const rows = await lockWritable(tx, auth, ids);
    for (const { assetMaintenanceWindowId: id, cancelReason } of body) {
      const row = rows.get(id);
      if (!row) throw notFound(`Maintenance window ${id} not found.`);
      if (row.canceledAt !== null) throw conflict(`Maintenance window ${id} is already canceled.`);
      if (!isMaintenanceCancelable(timesOf(row), now.getTime()))
        throw conflict(`Maintenance window ${id} is over and can no longer be canceled.`);
      await cancelWindow(tx, id, { cancelReason, canceledBy: auth.user.userId, canceledAt: now });
      await recordEvent(tx, {
        name: 'maintenanceWindows.cancel',
        actorUserId: auth.user.userId,
        companyId: row.companyId,
        subjectType: 'asset',
        subjectId: row.assetId,
        data: {
          assetMaintenanceWindowId: id,
          cancelReason,
          stateBefore: maintenanceWindowState(timesOf(row), now.getTime()),
        },
      });
    }
  });
  return presentIds(db, ids, now);
}

/** The assets whose windows concern the given ones: themselves, those above (covering them) and below. */
async function relatedAssetIds(db: DbOrTx, assetIds: readonly number[]): Promise<number[]> {
  const links = await chainsUpFrom(db, assetIds);
  const above = assetIds.flatMap((id) => ancestorIds(links, id));
  return [...new Set([...above, ...(await subtreeIds(db, assetIds))])];
}

/**
 * `assets.listMaintenanceWindows`: windows on assets the caller may read (assets:read, company scope and, for
 * external users, their access groups); others' drop out silently, as every list does.
 */
export async function listMaintenanceWindows(db: Db, clock: Clock, auth: AuthContext, body: ListBody) {
  const visibility = await assetVisibility(db, auth, READ);
  const { filter } = body;
  const page: PageableQuery = body.pageableQuery ?? {
    type: 'PAGED',
    pageSize: MAINTENANCE_PAGE_SIZE,
    pageNumber: 0,
    sort: [],
  };
  let assetIds: number[] | null = null;
  if (filter.assetIds)
    assetIds = filter.includeRelated ? await relatedAssetIds(db, filter.assetIds) : filter.assetIds;
  if (visibility.assetIds !== null) {
    const visible = visibility.assetIds;
    assetIds = (assetIds ?? [...visible]).filter((id) => visible.has(id));
  }
  const now = clock();
  const { rows, totalSize } = await listWindowViews(
    db,
    {
      companyIds: companiesInScope(visibility, filter.companyIds) ?? null,
      assetIds,
      states: filter.states,
      from: filter.from ? new Date(filter.from) : undefined,
      to: filter.to ? new Date(filter.to) : undefined,
      text: filter.text === '' ? undefined : filter.text,
    },
    page,
    now,
  );
  return {
    content: rows.map((view) => presentWindow(view, now)),
    pageable: { totalSize, pageSize: page.pageSize, pageNumber: page.pageNumber },
  };
}
