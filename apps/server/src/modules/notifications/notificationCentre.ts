import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  notificationKinds,
  type BodyOf,
  type contract,
  type Notification,
  type OutputOf,
} from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { notifications } from '../../platform/db/problemsSchema.ts';
import { assets, assetTypes } from '../../platform/db/schema.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import { ticketAccessCondition, ticketVisibility } from '../tickets/ticketAccess.ts';
import { assetVisibility } from '../access/assetAccess.ts';
import {
  assetNameProperty,
  assetNameSql,
  PROBLEMS_READ,
  visibleRowsCondition,
} from '../problems/problemAccess.ts';
import { asLevel } from '../problems/problemPresenter.ts';
import type { NotificationRelay } from './liveRelay.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

type NotificationRow = typeof notifications.$inferSelect;

/**
 * The caller's notifications they may still read: a person who lost access to a company (or, external, to an
 * asset) no longer sees what was said of its problems, nor of the tickets they may no longer read (without
 * tickets:read there or, external, the ticket made INTERNAL or without an asset in their access groups).
 */
async function visibleNotifications(db: DbOrTx, auth: AuthContext): Promise<SQL> {
  const kinds: SQL[] = [];
  if (hasPermission(auth.permissions, { permission: PROBLEMS_READ })) {
    const visibility = await assetVisibility(db, auth, PROBLEMS_READ);
    kinds.push(
      and(isNotNull(notifications.detectedProblemId), visibleRowsCondition(visibility, notifications)) ??
        sql`false`,
    );
  }
  if (hasPermission(auth.permissions, { permission: 'tickets:read' })) {
    // The tickets' own rule (company, visibility, access groups), on the ticket as it is now.
    const rule = ticketAccessCondition(ticketVisibility(auth));
    const readable =
      rule &&
      sql`exists (select 1 from ${tickets} where ${tickets.ticketId} = ${notifications.ticketId} and ${rule})`;
    kinds.push(and(isNotNull(notifications.ticketId), readable) ?? sql`false`);
  }
  if (kinds.length === 0) return sql`false`;
  return and(eq(notifications.userId, auth.user.userId), or(...kinds)) ?? sql`false`;
}

export async function unreadCountOf(db: DbOrTx, auth: AuthContext): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(await visibleNotifications(db, auth), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

const asKind = (value: string) => {
  const kind = notificationKinds.find((item) => item === value);
  if (!kind) throw new Error(`Unexpected notification kind ${value}`);
  return kind;
};

function present(row: NotificationRow, assetName: string | null): Notification {
  return {
    notificationId: row.notificationId,
    detectedProblemId: row.detectedProblemId,
    ticketId: row.ticketId,
    companyId: row.companyId,
    assetId: row.assetId,
    assetName,
    kind: asKind(row.kind),
    level: asLevel(row.level),
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function listNotifications(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.notificationsList>,
): Promise<OutputOf<typeof contract.notificationsList>> {
  const page = body.pageableQuery ?? { pageSize: NOTIFICATIONS_PAGE_SIZE, pageNumber: 0 };
  const visible = await visibleNotifications(db, auth);
  const where = body.unreadOnly ? and(visible, isNull(notifications.readAt)) : visible;
  const unreadFirst = body.order === 'UNREAD_FIRST' ? [sql`(${notifications.readAt} is null) desc`] : [];
  const rows = await db
    .select({ notification: notifications, assetName: assetNameSql })
    .from(notifications)
    // A ticket's notification names no asset.
    .leftJoin(assets, eq(assets.assetId, notifications.assetId))
    .leftJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(
      assetNameProperty,
      and(eq(assetNameProperty.assetId, notifications.assetId), eq(assetNameProperty.name, 'name')),
    )
    .where(where)
    .orderBy(...unreadFirst, desc(notifications.createdAt), desc(notifications.notificationId))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db.select({ total: count() }).from(notifications).where(where);
  return {
    content: rows.map((row) =>
      present(row.notification, row.notification.assetId === null ? null : row.assetName),
    ),
    pageable: { totalSize: total?.total ?? 0, pageSize: page.pageSize, pageNumber: page.pageNumber },
    unreadCount: await unreadCountOf(db, auth),
  };
}

/** Marks read what is named (each must be the caller's: another's is a 404), or all; the caller's tabs hear. */
export async function markNotificationsRead(
  db: Db,
  relay: NotificationRelay,
  auth: AuthContext,
  body: BodyOf<typeof contract.notificationsMarkRead>,
): Promise<{ unreadCount: number }> {
  const mine = eq(notifications.userId, auth.user.userId);
  const now = new Date();
  await db.transaction(async (tx) => {
    if (body.notificationIds) {
      const ids = [...new Set(body.notificationIds)];
      const found = await tx
        .select({ id: notifications.notificationId })
        .from(notifications)
        .where(and(mine, inArray(notifications.notificationId, ids)));
      const foundIds = new Set(found.map((row) => row.id));
      const missing = ids.find((id) => !foundIds.has(id));
      if (missing !== undefined) throw notFound(`Notification ${missing} not found.`);
      await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(mine, inArray(notifications.notificationId, ids), isNull(notifications.readAt)));
    } else {
      await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(mine, isNull(notifications.readAt)));
    }
  });
  const unreadCount = await unreadCountOf(db, auth);
  relay.notifyUsers([auth.user.userId], { unreadCount });
  return { unreadCount };
}
