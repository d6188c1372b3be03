import { randomUUID } from 'node:crypto';
import {
  fileAttachmentStatusSchema,
  type BodyOf,
  type FileAttachment,
  type OutputOf,
  type PageableQuery,
  type contract,
} from '@kelvin/contract';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission, scopeIncludes } from '../../http/authorize.ts';
import { badField, notFound } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { UploadSigner } from './uploadSignature.ts';
import {
  UPLOAD_PERMISSION,
  findUpload,
  insertUpload,
  listUploads,
  type FileAttachmentWithUser,
} from './uploadsRepository.ts';

export interface UploadsDeps {
  db: Db;
  files: FileStore;
  signer: UploadSigner;
}

export const UPLOAD_CONTENT_TYPE = 'application/gzip';
export const UPLOADS_PAGE_SIZE = 50;
const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
const UPLOAD_NOT_FOUND = 'Upload not found.';

/** Explicit whitelist of what leaves the server (filepath is the storage key, not a URL). */
export function presentUpload(row: FileAttachmentWithUser): FileAttachment {
  return {
    fileAttachmentId: row.fileAttachmentId,
    requestId: row.requestId,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    contentType: row.contentType,
    filename: row.filename,
    filepath: row.filepath,
    fileSizeInBytes: row.fileSizeInBytes,
    status: fileAttachmentStatusSchema.parse(row.status),
    failureReason: row.failureReason,
  };
}

/**
 * Registers an upload (PENDING) in the caller's company and answers the signed URL to PUT its bytes to. The
 * limit is checked here, before any byte is sent, and again while the bytes arrive.
 */
export async function createAssetDataUpload(
  deps: UploadsDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.createAssetDataUploadUrl>,
): Promise<OutputOf<typeof contract.createAssetDataUploadUrl>> {
  requirePermission(auth, UPLOAD_PERMISSION);
  if (body.fileSizeInBytes >= UPLOAD_LIMIT_BYTES)
    throw badField('body.fileSizeInBytes', UPLOAD_LIMIT_MESSAGE);
  const requestId = randomUUID();
  const companyId = auth.user.companyId;
  const row = await deps.db.transaction((tx) =>
    insertUpload(tx, {
      requestId,
      companyId,
      userId: auth.user.userId,
      contentType: UPLOAD_CONTENT_TYPE,
      filename: body.filename,
      filepath: `asset-data/${companyId}/${requestId}.gz`,
      fileSizeInBytes: body.fileSizeInBytes,
    }),
  );
  return {
    fileAttachmentId: row.fileAttachmentId,
    requestId,
    uploadUrl: await deps.signer.uploadUrl(requestId),
  };
}

/** The uploads of the companies the caller's grant reaches, newest first, one page at a time. */
export async function listAssetDataUploads(
  deps: UploadsDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.fileAttachmentsList>,
): Promise<OutputOf<typeof contract.fileAttachmentsList>> {
  requirePermission(auth, UPLOAD_PERMISSION);
  const page: PageableQuery = body.pageableQuery ?? {
    type: 'PAGED',
    pageSize: UPLOADS_PAGE_SIZE,
    pageNumber: 0,
    sort: [],
  };
  const { rows, totalSize } = await listUploads(
    deps.db,
    {
      scope: companyScope(auth, UPLOAD_PERMISSION),
      statuses: body.filter.statuses,
      kinds: body.filter.kinds,
    },
    page,
  );
  return {
    content: rows.map(presentUpload),
    pageable: { totalSize, pageSize: page.pageSize, pageNumber: page.pageNumber },
  };
}

/** A short-lived link to the uploaded file; another company's upload is a 404, as if it did not exist. */
export async function uploadDownloadUrl(
  deps: UploadsDeps,
  auth: AuthContext,
  fileAttachmentId: number,
): Promise<{ url: string }> {
  requirePermission(auth, UPLOAD_PERMISSION);
  const row = await findUpload(deps.db, fileAttachmentId);
  if (!row || !scopeIncludes(companyScope(auth, UPLOAD_PERMISSION), row.companyId)) {
    throw notFound(UPLOAD_NOT_FOUND);
  }
  if (row.status === 'PENDING' || (await deps.files.size(row.filepath)) === undefined) {
    throw notFound('This upload has no file yet.');
  }
  return {
    url: await deps.files.signedUrl(row.filepath, {
      expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
      downloadName: row.filename,
      contentType: row.contentType,
    }),
  };
}
