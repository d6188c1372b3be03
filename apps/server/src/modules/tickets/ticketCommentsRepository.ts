import { and, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema.ts';
import { ticketAttachments, ticketComments, tickets } from '../../platform/db/ticketsSchema.ts';

export type CommentRow = typeof ticketComments.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type CommentWithUser = CommentRow & { userName: string };
export type AttachmentWithUser = AttachmentRow & { userName: string };

const commentColumns = {
  commentId: ticketComments.commentId,
  ticketId: ticketComments.ticketId,
  userId: ticketComments.userId,
  comment: ticketComments.comment,
  visibility: ticketComments.visibility,
  isDeleted: ticketComments.isDeleted,
  createdAt: ticketComments.createdAt,
  updatedAt: ticketComments.updatedAt,
  userName: users.name,
};

const attachmentColumns = {
  ticketAttachmentId: ticketAttachments.ticketAttachmentId,
  ticketId: ticketAttachments.ticketId,
  commentId: ticketAttachments.commentId,
  userId: ticketAttachments.userId,
  createdAt: ticketAttachments.createdAt,
  uploadedAt: ticketAttachments.uploadedAt,
  contentType: ticketAttachments.contentType,
  filename: ticketAttachments.filename,
  filepath: ticketAttachments.filepath,
  fileSizeInBytes: ticketAttachments.fileSizeInBytes,
  description: ticketAttachments.description,
  isDeleted: ticketAttachments.isDeleted,
  userName: users.name,
};

/** A ticket's comments, newest first; `externalOnly` leaves out the INTERNAL ones. */
export function commentsOfTicket(
  db: DbOrTx,
  ticketId: number,
  externalOnly: boolean,
): Promise<CommentWithUser[]> {
  return db
    .select(commentColumns)
    .from(ticketComments)
    .innerJoin(users, eq(users.userId, ticketComments.userId))
    .where(
      and(
        eq(ticketComments.ticketId, ticketId),
        externalOnly ? eq(ticketComments.visibility, 'EXTERNAL') : undefined,
      ),
    )
    .orderBy(desc(ticketComments.createdAt), desc(ticketComments.commentId));
}

export async function findComment(db: DbOrTx, commentId: number): Promise<CommentWithUser | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(ticketComments)
    .innerJoin(users, eq(users.userId, ticketComments.userId))
    .where(eq(ticketComments.commentId, commentId));
  return row;
}

/** A comment's row locked for its write (only it, not the author joined to present it), after its ticket's. */
export async function lockComment(tx: DbOrTx, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await tx
    .select()
    .from(ticketComments)
    .where(eq(ticketComments.commentId, commentId))
    .for('update');
  return row;
}

/**
 * The stored, not deleted files of a ticket, newest first: its own, and those of the given comments (the ones
 * the caller may see), or of every comment when `commentIds` is 'ALL'.
 */
export function attachmentsOfTicket(
  db: DbOrTx,
  ticketId: number,
  commentIds: readonly number[] | 'ALL',
): Promise<AttachmentWithUser[]> {
  const ofComments =
    commentIds === 'ALL'
      ? isNotNull(ticketAttachments.commentId)
      : commentIds.length > 0
        ? inArray(ticketAttachments.commentId, [...commentIds])
        : undefined;
  return db
    .select(attachmentColumns)
    .from(ticketAttachments)
    .innerJoin(users, eq(users.userId, ticketAttachments.userId))
    .where(
      and(
        eq(ticketAttachments.ticketId, ticketId),
        eq(ticketAttachments.isDeleted, false),
        isNotNull(ticketAttachments.uploadedAt),
        ofComments
          ? or(isNull(ticketAttachments.commentId), ofComments)
          : isNull(ticketAttachments.commentId),
      ),
    )
    .orderBy(desc(ticketAttachments.createdAt), desc(ticketAttachments.ticketAttachmentId));
}

export async function findAttachment(
  db: DbOrTx,
  ticketAttachmentId: number,
): Promise<AttachmentWithUser | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(ticketAttachments)
    .innerJoin(users, eq(users.userId, ticketAttachments.userId))
    .where(eq(ticketAttachments.ticketAttachmentId, ticketAttachmentId));
  return row;
}

/** Every write to a ticket's comments, files or consumables changes the ticket: lists sort by updated_at. */
export async function touchTicket(tx: DbOrTx, ticketId: number, at: Date = new Date()): Promise<void> {
  await tx.update(tickets).set({ updatedAt: at }).where(eq(tickets.ticketId, ticketId));
}
