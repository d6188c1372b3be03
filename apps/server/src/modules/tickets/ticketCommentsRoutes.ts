import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { createUploadSigner } from '../uploads/uploadSignature.ts';
import { registerTicketAttachmentReceiver } from './ticketAttachmentsReceiver.ts';
import {
  attachmentDownloadUrl,
  createAttachmentUpload,
  deleteAttachment,
  listAttachments,
} from './ticketAttachmentsService.ts';
import { createComment, deleteComment, listComments, updateComment } from './ticketCommentsService.ts';
import {
  createConsumable,
  deleteConsumable,
  listConsumables,
  updateConsumable,
} from './ticketConsumablesService.ts';

/** A ticket's comments, files (with the signed PUT that receives their bytes) and consumables. */
export function registerTicketCommentsRoutes(context: RouteContext): void {
  const { app, db, files } = context;
  const publicOrigin = context.config.publicOrigin;
  const attachments = { db, files, signer: createUploadSigner(db, publicOrigin), publicOrigin };

  context.route(contract.ticketsCommentsList, ({ auth, body }) => listComments(db, auth, body.ticketId));
  context.route(contract.ticketsCommentsCreate, ({ auth, body }) => createComment(db, auth, body));
  context.route(contract.ticketsCommentsUpdate, ({ auth, body }) => updateComment(db, auth, body));
  context.route(contract.ticketsCommentsDelete, ({ auth, body }) => deleteComment(db, auth, body.commentId));

  context.route(contract.ticketsAttachmentsList, ({ auth, body }) =>
    listAttachments(db, auth, body.ticketId),
  );
  context.route(contract.ticketsAttachmentsCreateUpload, ({ auth, body }) =>
    createAttachmentUpload(attachments, auth, body),
  );
  context.route(contract.ticketsAttachmentsDownloadUrl, ({ auth, body }) =>
    attachmentDownloadUrl(attachments, auth, body.ticketAttachmentId),
  );
  context.route(contract.ticketsAttachmentsDelete, ({ auth, body }) =>
    deleteAttachment(attachments, auth, body.ticketAttachmentId),
  );
  registerTicketAttachmentReceiver(app, attachments);

  context.route(contract.ticketsConsumablesList, ({ auth, body }) =>
    listConsumables(db, auth, body.ticketIds),
  );
  context.route(contract.ticketsConsumablesCreate, ({ auth, body }) => createConsumable(db, auth, body));
  context.route(contract.ticketsConsumablesUpdate, ({ auth, body }) => updateConsumable(db, auth, body));
  context.route(contract.ticketsConsumablesDelete, ({ auth, body }) =>
    deleteConsumable(db, auth, body.ticketConsumableId),
  );
}
