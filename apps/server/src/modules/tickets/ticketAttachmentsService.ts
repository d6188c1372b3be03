import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BodyOf, OutputOf, TicketAttachment, contract } from '@kelvin/contract';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import { badField, forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { ticketAttachments } from '../../platform/db/ticketsSchema.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { UploadSigner } from '../uploads/uploadSignature.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { canSeeVisibility, readableTicket, readableTicketOf, writableTicket } from './ticketAccess.ts';
import {
  attachmentsOfTicket,
  commentsOfTicket,
  findAttachment,
  findComment,
  touchTicket,
  type AttachmentWithUser,
} from './ticketCommentsRepository.ts';
import { COMMENT_NOT_FOUND, ownComment, presentAttachment } from './ticketCommentsService.ts';

export interface TicketAttachmentsDeps {
  db: Db;
  files: FileStore;
  /** The asset data uploads' signer: one secret and one URL scheme for every signed PUT. */
  signer: UploadSigner;
  publicOrigin: string;
}

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';
const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** What the signature covers: a prefix keeps a ticket file's URL from ever opening an asset data upload. */
export const uploadToken = (ticketAttachmentId: number) => `ticket-attachment-${ticketAttachmentId}`;
export const uploadPath = (ticketAttachmentId: number) => `/ticket-attachments/${ticketAttachmentId}`;

/** The signer's expiry and signature on this area's own PUT route. */
async function signedUploadUrl(deps: TicketAttachmentsDeps, ticketAttachmentId: number): Promise<string> {
  const signed = new URL(await deps.signer.uploadUrl(uploadToken(ticketAttachmentId)));
  return `${deps.publicOrigin}${uploadPath(ticketAttachmentId)}${signed.search}`;
}

export async function listAttachments(
  db: Db,
  auth: AuthContext,
  ticketId: number,
): Promise<{ content: TicketAttachment[] }> {
  await readableTicket(db, auth, ticketId);
  const external = isExternal(auth);
  const visibleComments = external
    ? (await commentsOfTicket(db, ticketId, true)).map((comment) => comment.commentId)
    : 'ALL';
  const rows = await attachmentsOfTicket(db, ticketId, visibleComments);
  return { content: rows.map(presentAttachment) };
}

/**
 * A stored file the caller may see: on a ticket they may read and, for a comment's file, on a comment they may
 * see. Anything else is the same 404.
 */
async function visibleAttachment(
  db: DbOrTx,
  auth: AuthContext,
  ticketAttachmentId: number,
): Promise<AttachmentWithUser & { visibility: string | null }> {
  const row = await findAttachment(db, ticketAttachmentId);
  if (!row || row.isDeleted || !row.uploadedAt) throw notFound(ATTACHMENT_NOT_FOUND);
  await readableTicketOf(db, auth, row.ticketId, ATTACHMENT_NOT_FOUND);
  if (row.commentId === null) return { ...row, visibility: null };
  const comment = await findComment(db, row.commentId);
  if (!comment || comment.isDeleted || !canSeeVisibility(auth, comment.visibility)) {
    throw notFound(ATTACHMENT_NOT_FOUND);
  }
  return { ...row, visibility: comment.visibility };
}

/**
 * Registers a file (not listed until its bytes are stored) and answers the signed URL to PUT them to. The
 * limit is checked here, before any byte is sent, and again when they arrive. A comment's file is its author's.
 */
export async function createAttachmentUpload(
  deps: TicketAttachmentsDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.ticketsAttachmentsCreateUpload>,
): Promise<OutputOf<typeof contract.ticketsAttachmentsCreateUpload>> {
  const row = await deps.db.transaction(async (tx) => {
    const ticket = await writableTicket(tx, auth, body.ticketId);
    if (body.fileSizeInBytes >= UPLOAD_LIMIT_BYTES) {
      throw badField('body.fileSizeInBytes', UPLOAD_LIMIT_MESSAGE);
    }
    if (body.commentId !== undefined) {
      const { comment } = await ownComment(tx, auth, body.commentId);
      if (comment.ticketId !== ticket.ticketId) throw notFound(COMMENT_NOT_FOUND);
    }
    const [inserted] = await tx
      .insert(ticketAttachments)
      .values({
        ticketId: ticket.ticketId,
        commentId: body.commentId ?? null,
        userId: auth.user.userId,
        contentType: body.contentType,
        filename: body.filename,
        filepath: `ticket-attachments/${ticket.ticketId}/${randomUUID()}`,
        fileSizeInBytes: body.fileSizeInBytes,
        description: body.description === undefined || body.description === '' ? null : body.description,
      })
      .returning({ ticketAttachmentId: ticketAttachments.ticketAttachmentId });
    if (!inserted) throw new Error('attachment not inserted');
    return inserted;
  });
  return {
    ticketAttachmentId: row.ticketAttachmentId,
    uploadUrl: await signedUploadUrl(deps, row.ticketAttachmentId),
  };
}

/** A short-lived link to the file, named as uploaded. */
export async function attachmentDownloadUrl(
  deps: TicketAttachmentsDeps,
  auth: AuthContext,
  ticketAttachmentId: number,
): Promise<{ url: string }> {
  const row = await visibleAttachment(deps.db, auth, ticketAttachmentId);
  return {
    url: await deps.files.signedUrl(row.filepath, {
      expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
      downloadName: row.filename,
      contentType: row.contentType,
    }),
  };
}

/**
 * Removes a file: its uploader, or provider staff who may change the ticket (a customer cannot remove what the
 * service team attached). The bytes go once the removal is committed.
 */
export async function deleteAttachment(
  deps: TicketAttachmentsDeps,
  auth: AuthContext,
  ticketAttachmentId: number,
): Promise<{ ticketAttachmentId: number }> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await visibleAttachment(tx, auth, ticketAttachmentId);
    const ticket = await writableTicket(tx, auth, row.ticketId);
    if (row.userId !== auth.user.userId && isExternal(auth)) {
      throw forbidden('Only the uploader of a file or the service team can remove it.');
    }
    await tx
      .update(ticketAttachments)
      .set({ isDeleted: true })
      .where(eq(ticketAttachments.ticketAttachmentId, ticketAttachmentId));
    await touchTicket(tx, ticket.ticketId);
    await recordEvent(tx, {
      name: 'tickets.attachments.delete',
      actorUserId: auth.user.userId,
      companyId: ticket.companyId,
      subjectType: 'ticket',
      subjectId: ticket.ticketId,
      data: {
        ticketAttachmentId,
        filename: row.filename,
        commentId: row.commentId,
        ...(row.visibility === null ? {} : { visibility: row.visibility }),
      },
    });
    return row;
  });
  await deps.files.remove(removed.filepath);
  return { ticketAttachmentId };
}
