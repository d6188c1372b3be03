import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { events, users } from '../../platform/db/schema.ts';
import { canSeeVisibility, readableTicket } from './ticketAccess.ts';

const dataSchema = z.record(z.string(), z.unknown()).catch({});

/**
 * A ticket's audit trail, newest first, with who did each thing. Events carrying `data.visibility` (comments,
 * their attachments) follow the comment's visibility: an external user never sees an INTERNAL one's entry.
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
      return typeof visibility !== 'string' || canSeeVisibility(auth, visibility);
    });
}
