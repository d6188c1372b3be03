import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { events, users } from '../../platform/db/schema.ts';
import { ticketComments } from '../../platform/db/ticketsSchema.ts';
import { accessGroupAssetIds } from '../access/assetAccess.ts';
import { canSeeVisibility, readableTicket, ticketVisibility } from './ticketAccess.ts';

const dataSchema = z.record(z.string(), z.unknown()).catch({});

/**
 * A ticket's audit trail, newest first, with who did each thing. Events carrying `data.visibility` (comments,
 * their attachments) follow the comment's visibility, as written and as it is now: an external user never sees
 * an INTERNAL one's entry. A user limited by access groups is named only the assets their groups reach.
 */
export async function ticketHistory(db: DbOrTx, auth: AuthContext, ticketId: number) {
  await readableTicket(db, auth, ticketId);
  const { groupsOfUserId } = ticketVisibility(auth);
  const reachable = groupsOfUserId === null ? null : await accessGroupAssetIds(db, groupsOfUserId);
  const rows = await db
    .select({
      eventId: events.eventId,
      name: events.name,
      actorName: users.name,
      createdAt: events.createdAt,
      data: events.data,
    })
    .from(events)
    .leftJoin(users, eq(users.userId, events.actorUserId))
    .where(and(eq(events.subjectType, 'ticket'), eq(events.subjectId, String(ticketId))))
    .orderBy(desc(events.eventId));
  // A comment made INTERNAL after its events were written: its entries go too (its visibility is what it is now).
  const internalComments = new Set(
    (
      await db
        .select({ commentId: ticketComments.commentId })
        .from(ticketComments)
        .where(and(eq(ticketComments.ticketId, ticketId), ne(ticketComments.visibility, 'EXTERNAL')))
    ).map((row) => row.commentId),
  );
  return rows
    .map((row) => ({
      eventId: row.eventId,
      name: row.name,
      actorName: row.actorName,
      createdAt: row.createdAt.toISOString(),
      data: dataSchema.parse(row.data),
    }))
    .filter((entry) => {
      const visibility = entry.data.visibility;
      const commentId = entry.data.commentId;
      if (
        typeof commentId === 'number' &&
        internalComments.has(commentId) &&
        !canSeeVisibility(auth, 'INTERNAL')
      )
        return false;
      return typeof visibility !== 'string' || canSeeVisibility(auth, visibility);
    })
    .flatMap((entry) => {
      const data = reachable === null ? entry.data : assetsWithin(entry.name, entry.data, reachable);
      return data === null ? [] : [{ ...entry, data }];
    });
}

const ASSET_CHANGES = new Set(['tickets.assets.add', 'tickets.assets.remove']);
const assetData = z.object({ assetIds: z.array(z.number()), assetNames: z.array(z.string()).optional() });

/**
 * An entry's assets (a new ticket's, those added or removed) as a user limited by access groups may see them: only
 * those their groups reach, as the ticket's details name them. An entry of assets added or removed that names none of
 * theirs is left out (null); any other entry is kept.
 */
function assetsWithin(
  name: string,
  data: Record<string, unknown>,
  reachable: Set<number>,
): Record<string, unknown> | null {
  const parsed = assetData.safeParse(data);
  if (!parsed.success) return data;
  const { assetIds, assetNames } = parsed.data;
  const kept = assetIds.flatMap((assetId, index) => (reachable.has(assetId) ? [index] : []));
  if (kept.length === 0 && ASSET_CHANGES.has(name)) return null;
  return {
    ...data,
    assetIds: kept.map((index) => assetIds[index]),
    ...(assetNames === undefined ? {} : { assetNames: kept.map((index) => assetNames[index]) }),
  };
}
