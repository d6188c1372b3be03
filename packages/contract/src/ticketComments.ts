import { z } from 'zod';
import { dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { ticketVisibilitySchema } from './tickets.ts';

export const TICKET_COMMENT_MAX = 10_000;
export const TICKET_ATTACHMENT_DESCRIPTION_MAX = 500;
export const TICKET_CONSUMABLE_NAME_MAX = 200;
/** A ticket's consumables asked for at once (the list call takes several tickets). */
export const TICKET_CONSUMABLES_LIST_MAX = 100;

/** Spec (section 3): Ticket attachment. `commentId` is set when the file belongs to a comment. */
export const ticketAttachmentSchema = z.object({
  ticketAttachmentId: z.number().int(),
  ticketId: z.number().int(),
  commentId: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  contentType: z.string(),
  filename: z.string(),
  filepath: z.string(),
  fileSizeInBytes: z.number().int(),
  description: z.string().nullable(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** Spec (section 3): TicketComment. A deleted comment is kept, marked, without its text or files. */
export const ticketCommentSchema = z.object({
  commentId: z.number().int(),
  ticketId: z.number().int(),
  isDeleted: z.boolean(),
  userId: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  comment: z.string(),
  visibility: ticketVisibilitySchema,
  commentAttachments: z.array(ticketAttachmentSchema),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

export const ticketConsumableTypes = ['PART', 'SERVICE'] as const;
export const ticketConsumableTypeSchema = z.enum(ticketConsumableTypes);
export type TicketConsumableType = z.infer<typeof ticketConsumableTypeSchema>;

/** Spec (section 3): Ticket consumable. A null or 0 sales price is the accounting blocker. */
export const ticketConsumableSchema = z.object({
  ticketConsumableId: z.number().int(),
  ticketId: z.number().int(),
  type: ticketConsumableTypeSchema,
  itemId: z.string().nullable(),
  displayName: z.string(),
  quantity: z.number(),
  salesPrice: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketConsumable = z.infer<typeof ticketConsumableSchema>;

const commentText = z.string().trim().min(1).max(TICKET_COMMENT_MAX);
const description = z.string().trim().max(TICKET_ATTACHMENT_DESCRIPTION_MAX);
const quantity = z.number().positive().max(1_000_000);
/** Zero is accepted (and is the accounting blocker, like null): the price may not be known yet. */
const salesPrice = z.number().min(0).max(1_000_000_000).nullable();
const consumableFields = {
  type: ticketConsumableTypeSchema,
  displayName: z.string().trim().min(1).max(TICKET_CONSUMABLE_NAME_MAX),
  itemId: z.string().trim().min(1).max(100).nullable().optional(),
  quantity,
  salesPrice,
};

export const ticketCommentsEndpoints = {
  ticketsCommentsList: endpoint({
    name: 'tickets.comments.list',
    method: 'POST',
    path: '/tickets.comments.list',
    summary:
      "A ticket's comments with their attachments, newest first; deleted ones marked. External users get EXTERNAL ones only.",
    auth: 'user',
    body: z.strictObject({ ticketId: dbId }),
    output: z.object({ content: z.array(ticketCommentSchema) }),
  }),
  ticketsCommentsCreate: endpoint({
    name: 'tickets.comments.create',
    method: 'POST',
    path: '/tickets.comments.create',
    summary: "Adds a comment, INTERNAL unless said otherwise; an external user's comments are EXTERNAL.",
    auth: 'user',
    body: z.strictObject({
      ticketId: dbId,
      comment: commentText,
      visibility: ticketVisibilitySchema.default('INTERNAL'),
    }),
    output: ticketCommentSchema,
  }),
  ticketsCommentsUpdate: endpoint({
    name: 'tickets.comments.update',
    method: 'POST',
    path: '/tickets.comments.update',
    summary: 'Changes the text (and, for provider staff, the visibility) of a comment; its author only.',
    auth: 'user',
    body: z.strictObject({
      commentId: dbId,
      comment: commentText,
      visibility: ticketVisibilitySchema.optional(),
    }),
    output: ticketCommentSchema,
  }),
  ticketsCommentsDelete: endpoint({
    name: 'tickets.comments.delete',
    method: 'POST',
    path: '/tickets.comments.delete',
    summary: 'Marks a comment deleted (kept, without its text and files); its author only.',
    auth: 'user',
    body: z.strictObject({ commentId: dbId }),
    output: ticketCommentSchema,
  }),
  ticketsAttachmentsList: endpoint({
    name: 'tickets.attachments.list',
    method: 'POST',
    path: '/tickets.attachments.list',
    summary: "A ticket's uploaded files, newest first: its own and those of the comments the caller may see.",
    auth: 'user',
    body: z.strictObject({ ticketId: dbId }),
    output: z.object({ content: z.array(ticketAttachmentSchema) }),
  }),
  ticketsAttachmentsCreateUpload: endpoint({
    name: 'tickets.attachments.createUpload',
    method: 'POST',
    path: '/tickets.attachments.createUpload',
    summary:
      "Registers a file of a ticket (or of one of the caller's comments on it) and answers a signed URL to PUT its bytes to. Files of 300MB or more are refused.",
    auth: 'user',
    body: z.strictObject({
      ticketId: dbId,
      commentId: dbId.optional(),
      filename: z.string().trim().min(1).max(255),
      fileSizeInBytes: z.number().int().positive(),
      contentType: z.string().trim().min(1).max(255).default('application/octet-stream'),
      description: description.optional(),
    }),
    output: z.object({
      ticketAttachmentId: z.number().int(),
      /** PUT the file's bytes here (same origin, no bearer token), with its Content-Length. */
      uploadUrl: z.string(),
    }),
  }),
  ticketsAttachmentsDownloadUrl: endpoint({
    name: 'tickets.attachments.getDownloadSignedUrl',
    method: 'POST',
    path: '/tickets.attachments.getDownloadSignedUrl',
    summary: 'A time-limited download URL of a ticket attachment.',
    auth: 'user',
    body: z.strictObject({ ticketAttachmentId: dbId }),
    output: z.object({ url: z.string() }),
  }),
  ticketsAttachmentsDelete: endpoint({
    name: 'tickets.attachments.delete',
    method: 'POST',
    path: '/tickets.attachments.delete',
    summary: 'Removes a ticket attachment: its uploader, or provider staff who may change the ticket.',
    auth: 'user',
    body: z.strictObject({ ticketAttachmentId: dbId }),
    output: z.object({ ticketAttachmentId: z.number().int() }),
  }),
  ticketsConsumablesList: endpoint({
    name: 'tickets.consumables.list',
    method: 'POST',
    path: '/tickets.consumables.list',
    summary: 'The parts and services of the given tickets, oldest first.',
    auth: 'user',
    body: z.strictObject({ ticketIds: z.array(dbId).min(1).max(TICKET_CONSUMABLES_LIST_MAX) }),
    output: z.object({ content: z.array(ticketConsumableSchema) }),
  }),
  ticketsConsumablesCreate: endpoint({
    name: 'tickets.consumables.create',
    method: 'POST',
    path: '/tickets.consumables.create',
    summary: 'Adds a part or service to a ticket; a null or 0 sales price blocks billing.',
    auth: 'user',
    body: z.strictObject({ ticketId: dbId, ...consumableFields }),
    output: ticketConsumableSchema,
  }),
  ticketsConsumablesUpdate: endpoint({
    name: 'tickets.consumables.update',
    method: 'POST',
    path: '/tickets.consumables.update',
    summary: 'Changes a part or service of a ticket.',
    auth: 'user',
    body: z.strictObject({ ticketConsumableId: dbId, ...consumableFields }),
    output: ticketConsumableSchema,
  }),
  ticketsConsumablesDelete: endpoint({
    name: 'tickets.consumables.delete',
    method: 'POST',
    path: '/tickets.consumables.delete',
    summary: 'Removes a part or service from a ticket.',
    auth: 'user',
    body: z.strictObject({ ticketConsumableId: dbId }),
    output: z.object({ ticketConsumableId: z.number().int() }),
  }),
};
