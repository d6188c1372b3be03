import { eq } from 'drizzle-orm';
import {
  ticketVisibilitySchema,
  type BodyOf,
  type TicketAttachment,
  type TicketComment,
  type contract,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import { forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { ticketAttachments, ticketComments } from '../../platform/db/ticketsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  canSeeVisibility,
  readableTicket,
  readableTicketOf,
  writableTicket,
  type TicketRow,
} from './ticketAccess.ts';
import {
  attachmentsOfTicket,
  commentsOfTicket,
  findComment,
  lockComment,
  touchTicket,
  type AttachmentWithUser,
  type CommentWithUser,
} from './ticketCommentsRepository.ts';
import { refreshTicketSearch } from './ticketSearch.ts';

export const COMMENT_NOT_FOUND = 'Comment not found.';
export const COMMENT_AUTHOR_ONLY = 'Only the author of a comment can change or delete it.';

/** Explicit whitelist of what leaves the server (filepath is the storage key, not a URL). */
export function presentAttachment(row: AttachmentWithUser): TicketAttachment {
  return {
    ticketAttachmentId: row.ticketAttachmentId,
    ticketId: row.ticketId,
    commentId: row.commentId,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    contentType: row.contentType,
    filename: row.filename,
    filepath: row.filepath,
    fileSizeInBytes: row.fileSizeInBytes,
    description: row.description,
  };
}

/** A deleted comment keeps its place, author and time, but not its words or files. */
export function presentComment(
  row: CommentWithUser,
  attachments: readonly AttachmentWithUser[],
): TicketComment {
  return {
    commentId: row.commentId,
    ticketId: row.ticketId,
    isDeleted: row.isDeleted,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    comment: row.isDeleted ? '' : row.comment,
    visibility: ticketVisibilitySchema.parse(row.visibility),
    commentAttachments: row.isDeleted
      ? []
      : attachments.filter((file) => file.commentId === row.commentId).map(presentAttachment),
  };
}

export async function listComments(
  db: Db,
  auth: AuthContext,
  ticketId: number,
): Promise<{ content: TicketComment[] }> {
  await readableTicket(db, auth, ticketId);
  const rows = await commentsOfTicket(db, ticketId, isExternal(auth));
  const files = await attachmentsOfTicket(
    db,
    ticketId,
    rows.map((row) => row.commentId),
  );
  return { content: rows.map((row) => presentComment(row, files)) };
}

/**
 * A comment the caller may see, on a ticket they may read: an external user asking for an INTERNAL one gets the
 * same 404 as for one that does not exist.
 */
export async function visibleComment(
  db: DbOrTx,
  auth: AuthContext,
  commentId: number,
): Promise<{ comment: CommentWithUser; ticket: TicketRow }> {
  const comment = await findComment(db, commentId);
  if (!comment || !canSeeVisibility(auth, comment.visibility)) throw notFound(COMMENT_NOT_FOUND);
  const ticket = await readableTicketOf(db, auth, comment.ticketId, COMMENT_NOT_FOUND);
  return { comment, ticket };
}

/**
 * A comment the caller wrote, on a ticket they may change (frozen: 409), in the write's transaction. The comment
 * is read again once its ticket is locked, and locked itself (tickets first, then their rows: see writableTickets):
 * the checks and the write then see the comment as it is, not as it was before another edit or delete committed.
 */
export async function ownComment(tx: DbOrTx, auth: AuthContext, commentId: number) {
  const { comment: seen } = await visibleComment(tx, auth, commentId);
  const ticket = await writableTicket(tx, auth, seen.ticketId);
  const comment = await lockComment(tx, commentId);
  if (!comment || comment.ticketId !== ticket.ticketId || !canSeeVisibility(auth, comment.visibility)) {
    throw notFound(COMMENT_NOT_FOUND);
  }
  if (comment.userId !== auth.user.userId) throw forbidden(COMMENT_AUTHOR_ONLY);
  if (comment.isDeleted) throw notFound(COMMENT_NOT_FOUND);
  return { comment, ticket };
}

async function afterCommentWrite(
  tx: DbOrTx,
  auth: AuthContext,
  ticket: TicketRow,
  event: { name: string; commentId: number; visibility: string; at: Date },
) {
  await refreshTicketSearch(tx, ticket.ticketId);
  await touchTicket(tx, ticket.ticketId, event.at);
  await recordEvent(tx, {
    name: event.name,
    actorUserId: auth.user.userId,
    companyId: ticket.companyId,
    subjectType: 'ticket',
    subjectId: ticket.ticketId,
    // visibility: the ticket's history hides INTERNAL comment events from external users.
    data: { commentId: event.commentId, visibility: event.visibility },
  });
}

async function presentOne(tx: DbOrTx, commentId: number): Promise<TicketComment> {
  const row = await findComment(tx, commentId);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  const files = await attachmentsOfTicket(tx, row.ticketId, [commentId]);
  return presentComment(row, files);
}

export function createComment(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.ticketsCommentsCreate>,
): Promise<TicketComment> {
  return db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    // External users cannot write what they could not read back.
    const visibility = isExternal(auth) ? 'EXTERNAL' : body.visibility;
    const at = new Date();
    const [row] = await tx
      .insert(ticketComments)
      .values({
        ticketId: ticket.ticketId,
        userId: auth.user.userId,
        comment: body.comment,
        visibility,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ commentId: ticketComments.commentId });
    if (!row) throw new Error('comment not inserted');
    await afterCommentWrite(tx, auth, ticket, {
      name: 'tickets.comments.create',
      commentId: row.commentId,
      visibility,
      at,
    });
    return presentOne(tx, row.commentId);
  });
}

export function updateComment(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.ticketsCommentsUpdate>,
): Promise<TicketComment> {
  return db.transaction(async (tx) => {
    const { comment, ticket } = await ownComment(tx, auth, body.commentId);
    const visibility = isExternal(auth) ? 'EXTERNAL' : (body.visibility ?? comment.visibility);
    const at = new Date();
    await tx
      .update(ticketComments)
      .set({ comment: body.comment, visibility, updatedAt: at })
      .where(eq(ticketComments.commentId, comment.commentId));
    await afterCommentWrite(tx, auth, ticket, {
      name: 'tickets.comments.update',
      commentId: comment.commentId,
      // The stricter of before and after: a comment made EXTERNAL was INTERNAL until now, and the reverse.
      visibility: visibility === 'INTERNAL' || comment.visibility === 'INTERNAL' ? 'INTERNAL' : 'EXTERNAL',
      at,
    });
    return presentOne(tx, comment.commentId);
  });
}

/** Marks the comment deleted and its files with it: they were shown only as part of it. */
export function deleteComment(db: Db, auth: AuthContext, commentId: number): Promise<TicketComment> {
  return db.transaction(async (tx) => {
    const { comment, ticket } = await ownComment(tx, auth, commentId);
    const at = new Date();
    await tx
      .update(ticketComments)
      .set({ isDeleted: true, updatedAt: at })
      .where(eq(ticketComments.commentId, commentId));
    await tx
      .update(ticketAttachments)
      .set({ isDeleted: true })
      .where(eq(ticketAttachments.commentId, commentId));
    await afterCommentWrite(tx, auth, ticket, {
      name: 'tickets.comments.delete',
      commentId,
      visibility: comment.visibility,
      at,
    });
    return presentOne(tx, commentId);
  });
}
