import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, events, users } from '../../platform/db/schema.ts';

export type AuditSubjectType = 'company' | 'user' | 'asset';

export interface AuditEventRow {
  eventId: number;
  name: string;
  actorUserId: number | null;
  actorName: string | null;
  companyId: number | null;
  subjectType: string;
  subjectId: string;
  data: unknown;
  createdAt: Date;
}

/** One page of a subject's events, newest first, with the name of whoever acted. */
export async function listSubjectEvents(
  db: DbOrTx,
  subject: { type: AuditSubjectType; id: number },
  page: { pageSize: number; pageNumber: number },
): Promise<{ rows: AuditEventRow[]; totalSize: number }> {
  const where = and(eq(events.subjectType, subject.type), eq(events.subjectId, String(subject.id)));
  const rows = await db
    .select({
      eventId: events.eventId,
      name: events.name,
      actorUserId: events.actorUserId,
      actorName: users.name,
      companyId: events.companyId,
      subjectType: events.subjectType,
      subjectId: events.subjectId,
      data: events.data,
      createdAt: events.createdAt,
    })
    .from(events)
    .leftJoin(users, eq(users.userId, events.actorUserId))
    .where(where)
    // The id breaks ties between events of one transaction, which share a timestamp.
    .orderBy(desc(events.createdAt), desc(events.eventId))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db.select({ n: count() }).from(events).where(where);
  return { rows, totalSize: total?.n ?? 0 };
}

/** The asset's owner, for the visibility check; deleted assets keep their trail. */
export async function findAssetOwner(
  db: DbOrTx,
  assetId: number,
): Promise<{ assetId: number; companyId: number } | undefined> {
  const [row] = await db
    .select({ assetId: assets.assetId, companyId: assets.companyId })
    .from(assets)
    .where(eq(assets.assetId, assetId));
  return row;
}
