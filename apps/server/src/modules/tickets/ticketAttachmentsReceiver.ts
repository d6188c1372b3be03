import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { HttpError, badField, conflict, forbidden, notFound } from '../../http/httpError.ts';
import { ticketAttachments, tickets } from '../../platform/db/ticketsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { TICKET_FROZEN } from './ticketAccess.ts';
import { findAttachment, findComment, touchTicket } from './ticketCommentsRepository.ts';
import { ATTACHMENT_NOT_FOUND, uploadToken, type TicketAttachmentsDeps } from './ticketAttachmentsService.ts';

const paramsSchema = z.object({ ticketAttachmentId: z.coerce.number().int().positive().max(2_147_483_647) });
const querySchema = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/**
 * `PUT /ticket-attachments/{id}?expires&signature`: the bytes of a registered ticket file, streamed to the file
 * store. The signed URL is the credential (like an S3 presigned PUT). The declared Content-Length must be the
 * size registered: Node's parser then delivers exactly that many bytes, so no body can grow past the limit.
 * Once stored, the file is listed (uploaded_at), the ticket touched and the event recorded, in one transaction.
 */
export function registerTicketAttachmentReceiver(app: FastifyInstance, deps: TicketAttachmentsDeps): void {
  const receiving = new Set<number>();
  void app.register((scope, _options, done) => {
    // The body is the file: leave the stream unread for the handler instead of buffering it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    // The path of uploadPath().
    scope.put('/ticket-attachments/:ticketAttachmentId', (request, reply) =>
      receive(deps, receiving, request, reply),
    );
    done();
  });
}

async function receive(
  deps: TicketAttachmentsDeps,
  receiving: Set<number>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // Refusals before the body is read close the connection, so that a client is not kept sending for nothing.
  reply.header('connection', 'close');
  const params = paramsSchema.safeParse(request.params);
  if (!params.success) throw notFound(ATTACHMENT_NOT_FOUND);
  const { ticketAttachmentId } = params.data;
  if (!(await deps.signer.verify(uploadToken(ticketAttachmentId), querySchema.parse(request.query)))) {
    throw forbidden('This upload link is invalid or has expired.');
  }
  const attachment = await findAttachment(deps.db, ticketAttachmentId);
  if (!attachment || attachment.isDeleted) throw notFound(ATTACHMENT_NOT_FOUND);
  if (attachment.uploadedAt || receiving.has(ticketAttachmentId)) {
    throw conflict('This file has already been uploaded.');
  }
  const declared = attachment.fileSizeInBytes;
  const contentLength = Number(request.headers['content-length'] ?? Number.NaN);
  if (contentLength >= UPLOAD_LIMIT_BYTES) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_LIMIT_MESSAGE);
  }
  if (contentLength !== declared) {
    throw badField('content-length', `Send the file's ${declared} bytes with their Content-Length.`);
  }

  receiving.add(ticketAttachmentId);
  // Each attempt writes its own file and the committing transaction points the row at it: two attempts at once
  // (the in-process guard does not reach other processes) can then neither mix their bytes nor delete the
  // winner's file when the loser cleans up.
  const key = `${attachment.filepath}.${randomBytes(6).toString('hex')}`;
  try {
    const { sizeInBytes } = await deps.files.put(key, request.raw);
    if (sizeInBytes !== declared) {
      await deps.files.remove(key);
      throw badField('body', `The upload ended after ${sizeInBytes} of the ${declared} bytes declared.`);
    }
    const comment =
      attachment.commentId === null ? undefined : await findComment(deps.db, attachment.commentId);
    await deps.db
      .transaction(async (tx) => {
        const [ticket] = await tx
          .select()
          .from(tickets)
          .where(eq(tickets.ticketId, attachment.ticketId))
          .for('update');
        if (!ticket) throw notFound(ATTACHMENT_NOT_FOUND);
        if (ticket.isFrozen) throw conflict(TICKET_FROZEN);
        const at = new Date();
        const [stored] = await tx
          .update(ticketAttachments)
          .set({ uploadedAt: at, filepath: key })
          .where(
            and(
              eq(ticketAttachments.ticketAttachmentId, ticketAttachmentId),
              isNull(ticketAttachments.uploadedAt),
              eq(ticketAttachments.isDeleted, false),
            ),
          )
          .returning({ ticketAttachmentId: ticketAttachments.ticketAttachmentId });
        if (!stored) throw conflict('This file has already been uploaded.');
        await touchTicket(tx, ticket.ticketId, at);
        await recordEvent(tx, {
          name: 'tickets.attachments.create',
          actorUserId: attachment.userId,
          companyId: ticket.companyId,
          subjectType: 'ticket',
          subjectId: ticket.ticketId,
          data: {
            ticketAttachmentId,
            filename: attachment.filename,
            fileSizeInBytes: declared,
            commentId: attachment.commentId,
            // A comment's file is as visible as the comment: the history hides INTERNAL ones from external users.
            ...(comment ? { visibility: comment.visibility } : {}),
          },
        });
      })
      .catch(async (error: unknown) => {
        await deps.files.remove(key);
        throw error;
      });
    reply.removeHeader('connection');
    return { ticketAttachmentId, fileSizeInBytes: sizeInBytes };
  } finally {
    receiving.delete(ticketAttachmentId);
  }
}
