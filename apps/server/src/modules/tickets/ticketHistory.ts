import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { events, users } from '../../platform/db/schema.ts';
import { ticketComments } from '../../platform/db/ticketsSchema.ts';
import { canSeeVisibility, readableTicket } from './ticketAccess.ts';

const dataSchema = z.record(z.string(), z.unknown()).catch({});

/**
 * A ticket's audit trail, newest first, with who did each thing. Events carrying `data.visibility` (comments,
 * their attachments) follow the comment's visibility, as written and as it is now: an external user never sees
 * an INTERNAL one's entry.
 */
export async function ticketHistory(db: DbOrTx, auth: AuthContext, ticketId: number) {
  await readableTicket(db, auth, ticketId);
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
    });
}
