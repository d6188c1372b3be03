import { dbId } from './common.ts';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';

export const fileAttachmentKinds = [
  'ASSET_READING_ATTACHMENT',
  'ENTITY_ATTACHMENT',
  'GLOBAL_ATTACHMENT',
] as const;
export const fileAttachmentStatuses = [
  'PENDING',
  'PROCESSING',
  'UPLOADED',
  'SCHEDULED_FOR_PROCESSING',
  'INGESTED',
  'ERROR',
] as const;
export const fileAttachmentStatusSchema = z.enum(fileAttachmentStatuses);
export type FileAttachmentStatus = z.infer<typeof fileAttachmentStatusSchema>;

export const fileAttachmentSchema = z.object({
  fileAttachmentId: z.number().int(),
  requestId: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  contentType: z.string(),
  filename: z.string(),
  filepath: z.string(),
  fileSizeInBytes: z.number().int(),
  status: fileAttachmentStatusSchema,
  failureReason: z.string().nullable(),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

export const fileAttachmentsEndpoints = {
  createAssetDataUploadUrl: endpoint({
    name: 'fileAttachments.createAssetDataAttachmentUploadSignedUrl',
    method: 'POST',
    path: '/fileAttachments.createAssetDataAttachmentUploadSignedUrl',
    summary:
      'Registers an asset data upload (PENDING) and answers a signed URL to PUT the .gz file to. Files of 300MB or more are refused.',
    auth: 'user',
    body: z.strictObject({
      filename: z.string().trim().min(1).max(255).regex(/\.gz$/i, 'Only .gz files can be uploaded'),
      fileSizeInBytes: z.number().int().positive(),
    }),
    output: z.object({
      fileAttachmentId: z.number().int(),
      requestId: z.string(),
      /** PUT the file's bytes to this URL (same origin), with content-type application/gzip. */
      uploadUrl: z.string(),
    }),
  }),
  fileAttachmentsList: endpoint({
    name: 'fileAttachments.list',
    method: 'POST',
    path: '/fileAttachments.list',
    summary: "Uploads of the caller's companies, newest first, server-paged, filtered by status.",
    auth: 'user',
    body: z.strictObject({
      filter: z
        .strictObject({
          kinds: z.array(z.enum(fileAttachmentKinds)).optional(),
          statuses: z.array(fileAttachmentStatusSchema).optional(),
        })
        .default({}),
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(fileAttachmentSchema),
  }),
  fileAttachmentsDownloadUrl: endpoint({
    name: 'fileAttachments.getDownloadSignedUrl',
    method: 'POST',
    path: '/fileAttachments.getDownloadSignedUrl',
    summary: 'A time-limited download URL of an uploaded file.',
    auth: 'user',
    body: z.strictObject({ fileAttachmentId: dbId }),
    output: z.object({ url: z.string() }),
  }),
};
