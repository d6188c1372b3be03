import {
  sharedViewContexts,
  sharedViewTypes,
  type SharedView,
  type SharedViewContext,
  type SharedViewSummary,
} from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  findView,
  insertView,
  listSelectableViews,
  updateView,
  type SharedViewRow,
  type SharedViewSummaryRow,
  type ViewFields,
} from './sharedViewsRepository.ts';

export const SET_GLOBAL = 'sharedViews:setGlobal';
const VIEW_NOT_FOUND = 'Shared view not found.';

/** Log views show device logs, the others metrics: a view needs the permission of what it shows. */
export function permissionForContext(context: SharedViewContext): string {
  return context === 'LOGS' ? 'assets:logs:read' : 'metrics:read';
}

const oneOf = <T extends string>(values: readonly T[], value: string): T => {
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`Stored shared view holds an unknown value '${value}'`);
  return found;
};

function presentSummary(row: SharedViewSummaryRow): SharedViewSummary {
  return {
    ...row,
    type: oneOf(sharedViewTypes, row.type),
    context: oneOf(sharedViewContexts, row.context),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentView(row: SharedViewRow): SharedView {
  const data = row.data;
  return {
    ...presentSummary(row),
    data: typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data } : {},
  };
}

/**
 * Spec: personal views only to their creator, published ones only within their company, global ones to everyone.
 * A provisional view (a link to a state never saved) is read within its company too, but never listed.
 */
export function canReadView(view: { creatorId: number; companyId: number; type: string }, auth: AuthContext) {
  if (view.creatorId === auth.user.userId) return true;
  if (view.type === 'GLOBAL') return true;
  if (view.type === 'PUBLISHED' || view.type === 'PROVISIONAL') return view.companyId === auth.user.companyId;
  return false;
}

/** Another company's or another user's personal view reads as missing, so that ids reveal nothing. */
async function loadReadableView(
  db: DbOrTx,
  auth: AuthContext,
  where: { sharedViewId: number } | { externalId: string },
) {
  const view = await findView(db, where);
  if (!view || !canReadView(view, auth)) throw notFound(VIEW_NOT_FOUND);
  requirePermission(auth, permissionForContext(oneOf(sharedViewContexts, view.context)));
  return view;
}

/** Only the creator changes a view; a global view also its curators (holders of sharedViews:setGlobal). */
async function loadWritableView(db: DbOrTx, auth: AuthContext, sharedViewId: number) {
  const view = await loadReadableView(db, auth, { sharedViewId });
  // A deleted view still opens (as a draft), but it is gone for every change.
  if (view.isDeleted) throw notFound(VIEW_NOT_FOUND);
  const curator = view.type === 'GLOBAL' && hasPermission(auth.permissions, { permission: SET_GLOBAL });
  if (view.creatorId !== auth.user.userId && !curator) {
    throw forbidden('Only the creator of a view can change it.');
  }
  return view;
}

function requireFieldsAllowed(auth: AuthContext, fields: Pick<ViewFields, 'type' | 'context'>): void {
  requirePermission(auth, permissionForContext(fields.context));
  if (fields.type === 'GLOBAL') requirePermission(auth, SET_GLOBAL);
}

export async function listViews(
  db: DbOrTx,
  auth: AuthContext,
  filter: { contexts: SharedViewContext[]; types?: ViewFields['type'][] | undefined },
): Promise<SharedViewSummary[]> {
  // Contexts whose content the caller may not see are left out rather than refusing the whole list.
  const contexts = filter.contexts.filter((context) =>
    hasPermission(auth.permissions, { permission: permissionForContext(context) }),
  );
  if (contexts.length === 0) requirePermission(auth, permissionForContext(filter.contexts[0] ?? 'NONE'));
  const rows = await listSelectableViews(db, auth.user, { contexts, types: filter.types });
  return rows.map(presentSummary);
}

export async function getView(
  db: DbOrTx,
  auth: AuthContext,
  where: { sharedViewId: number } | { externalId: string },
): Promise<SharedView> {
  return presentView(await loadReadableView(db, auth, where));
}

async function writeAndPresent(
  tx: DbOrTx,
  auth: AuthContext,
  sharedViewId: number,
  name: string,
  data: Record<string, unknown>,
): Promise<SharedView> {
  const row = await findView(tx, { sharedViewId });
  if (!row) throw new Error('The view vanished.');
  await recordEvent(tx, {
    name,
    actorUserId: auth.user.userId,
    companyId: row.companyId,
    subjectType: 'sharedView',
    subjectId: sharedViewId,
    data,
  });
  return presentView(row);
}

export async function insertSharedView(db: Db, auth: AuthContext, fields: ViewFields): Promise<SharedView> {
  requireFieldsAllowed(auth, fields);
  return db.transaction(async (tx) => {
    const sharedViewId = await insertView(tx, {
      ...fields,
      creatorId: auth.user.userId,
      companyId: auth.user.companyId,
    });
    return writeAndPresent(tx, auth, sharedViewId, 'sharedViews.insert', {
      name: fields.name,
      type: fields.type,
    });
  });
}

export async function updateSharedView(
  db: Db,
  auth: AuthContext,
  sharedViewId: number,
  fields: ViewFields,
): Promise<SharedView> {
  return db.transaction(async (tx) => {
    const view = await loadWritableView(tx, auth, sharedViewId);
    // Keeping a global view global is its curators' call; anything else about it is the creator's.
    if (fields.type !== view.type) requireFieldsAllowed(auth, fields);
    else requirePermission(auth, permissionForContext(fields.context));
    await updateView(tx, sharedViewId, fields);
    return writeAndPresent(tx, auth, sharedViewId, 'sharedViews.update', {
      name: fields.name,
      type: fields.type,
    });
  });
}

export async function deleteSharedView(
  db: Db,
  auth: AuthContext,
  sharedViewId: number,
): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const view = await loadWritableView(tx, auth, sharedViewId);
    await updateView(tx, sharedViewId, { isDeleted: true });
    await writeAndPresent(tx, auth, sharedViewId, 'sharedViews.delete', { name: view.name });
    return { ok: true as const };
  });
}

/** setGlobal makes a view GLOBAL; unsetGlobal returns it to PUBLISHED, shared with its creator's company. */
export async function setViewGlobal(
  db: Db,
  auth: AuthContext,
  sharedViewId: number,
  global: boolean,
): Promise<SharedView> {
  requirePermission(auth, SET_GLOBAL);
  return db.transaction(async (tx) => {
    const view = await loadReadableView(tx, auth, { sharedViewId });
    const type = global ? 'GLOBAL' : view.type === 'GLOBAL' ? 'PUBLISHED' : oneOf(sharedViewTypes, view.type);
    if (type !== view.type) await updateView(tx, sharedViewId, { type });
    const name = global ? 'sharedViews.setGlobal' : 'sharedViews.unsetGlobal';
    return writeAndPresent(tx, auth, sharedViewId, name, { from: view.type, to: type });
  });
}
