import { and, desc, eq, inArray } from 'drizzle-orm';
import type { BodyOf, OutputOf, contract } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal } from '../../http/authorize.ts';
import { HttpError, forbidden, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { formAttachments } from '../../platform/db/formsSchema.ts';
import { users } from '../../platform/db/schema.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { readableTicket } from '../tickets/ticketAccess.ts';
import { touchTicket } from '../tickets/ticketCommentsRepository.ts';
import {
  FORM_NOT_FOUND,
  formFitsTicket,
  readableForm,
  readableTicketAsset,
  visibleTicketAssetIds,
  writableTicketAsset,
} from './formsAccess.ts';

export interface FormAttachmentsDeps {
  db: Db;
  files: FileStore;
}

type Attachment = OutputOf<typeof contract.formsCreateAttachment>;
export const FORM_ATTACHMENT_NOT_FOUND = 'Form attachment not found.';
export const FORM_ATTACHMENT_UPLOADER_ONLY = 'Only the uploader of a file or the service team can remove it.';
const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** A file of the request, already in the file store under `key` (see formAttachmentUpload.ts). */
export interface StoredUpload {
  key: string;
  sizeInBytes: number;
  contentType: string;
  fileName: string;
}

const columns = {
  row: formAttachments,
  createdByName: users.name,
};

function present(row: typeof formAttachments.$inferSelect, createdByName: string): Attachment {
  return {
    formAttachmentId: row.formAttachmentId,
    formId: row.formId,
    entityType: 'TICKET',
    entityId: row.entityId,
    assetId: row.assetId,
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
    contentType: row.contentType,
    filename: row.filename,
    filepath: row.filepath,
    fileSizeInBytes: row.fileSizeInBytes,
    description: row.description,
  };
}

async function attachmentRows(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select(columns)
    .from(formAttachments)
    .innerJoin(users, eq(users.userId, formAttachments.createdBy))
    .where(and(eq(formAttachments.isDeleted, false), where))
    .orderBy(desc(formAttachments.createdAt), desc(formAttachments.formAttachmentId));
}

export async function listFormAttachments(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formsListAttachments>,
): Promise<OutputOf<typeof contract.formsListAttachments>> {
  await readableTicket(db, auth, body.entityId);
  const visible = await visibleTicketAssetIds(db, auth, body.entityId);
  const assetIds =
    body.assetIds === undefined ? visible : visible.filter((id) => body.assetIds?.includes(id));
  if (assetIds.length === 0 || body.formIds?.length === 0) return { content: [] };
  const rows = await attachmentRows(
    db,
    and(
      eq(formAttachments.entityId, body.entityId),
      inArray(formAttachments.assetId, assetIds),
      body.formIds === undefined ? undefined : inArray(formAttachments.formId, body.formIds),
    ),
  );
  return { content: rows.map(({ row, createdByName }) => present(row, createdByName)) };
}

/** A file the caller may see: on a ticket they may read, of an asset they may see, of a form in their scope. */
async function visibleAttachment(db: DbOrTx, auth: AuthContext, formAttachmentId: number) {
  const [found] = await attachmentRows(db, eq(formAttachments.formAttachmentId, formAttachmentId));
  if (!found) throw notFound(FORM_ATTACHMENT_NOT_FOUND);
  try {
    await readableTicketAsset(db, auth, found.row.entityId, found.row.assetId);
    await readableForm(db, auth, found.row.formId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound(FORM_ATTACHMENT_NOT_FOUND);
    throw error;
  }
  return found;
}

export async function formAttachmentDownloadUrl(
  deps: FormAttachmentsDeps,
  auth: AuthContext,
  formAttachmentId: number,
): Promise<{ url: string }> {
  const { row } = await visibleAttachment(deps.db, auth, formAttachmentId);
  return {
    url: await deps.files.signedUrl(row.filepath, {
      expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
      downloadName: row.filename,
      contentType: row.contentType,
    }),
  };
}

/**
 * Records a file already stored under `upload.key` as an attachment of a filled form, after the same checks as a
 * save of its values (tickets:write on the ticket's company, not frozen, the asset on the ticket, the form fits).
 * The caller removes the stored file when this throws.
 */
export function createFormAttachment(
  deps: FormAttachmentsDeps,
  auth: AuthContext,
  body: BodyOf<typeof contract.formsCreateAttachment>,
  upload: StoredUpload,
): Promise<Attachment> {
  return deps.db.transaction(async (tx) => {
    const ticket = await writableTicketAsset(tx, auth, body.entityId, body.assetId);
    const form = await readableForm(tx, auth, body.formId);
    if (!formFitsTicket(form, ticket)) throw notFound(FORM_NOT_FOUND);
    const [row] = await tx
      .insert(formAttachments)
      .values({
        formId: form.formId,
        entityId: ticket.ticketId,
        assetId: body.assetId,
        contentType: upload.contentType,
        filename: body.filename ?? upload.fileName,
        filepath: upload.key,
        fileSizeInBytes: upload.sizeInBytes,
        description: body.description === undefined || body.description === '' ? null : body.description,
        createdBy: auth.user.userId,
      })
      .returning();
    if (!row) throw new Error('form attachment not inserted');
    await touchTicket(tx, ticket.ticketId);
    await recordEvent(tx, {
      name: 'forms.attachments.create',
      actorUserId: auth.user.userId,
      companyId: ticket.companyId,
      subjectType: 'ticket',
      subjectId: ticket.ticketId,
      data: {
        formAttachmentId: row.formAttachmentId,
        formId: form.formId,
        assetId: body.assetId,
        filename: row.filename,
        fileSizeInBytes: row.fileSizeInBytes,
      },
    });
    return present(row, auth.user.name);
  });
}

/**
 * Removes a form's file: its uploader, or provider staff who may change the ticket (a customer cannot remove what
 * the service team attached). The bytes go once the removal is committed.
 */
export async function deleteFormAttachment(
  deps: FormAttachmentsDeps,
  auth: AuthContext,
  formAttachmentId: number,
): Promise<{ formAttachmentId: number }> {
  const removed = await deps.db.transaction(async (tx) => {
    const { row } = await visibleAttachment(tx, auth, formAttachmentId);
    const ticket = await writableTicketAsset(tx, auth, row.entityId, row.assetId);
    if (row.createdBy !== auth.user.userId && isExternal(auth))
      throw forbidden(FORM_ATTACHMENT_UPLOADER_ONLY);
    await tx
      .update(formAttachments)
      .set({ isDeleted: true, updatedBy: auth.user.userId, updatedAt: new Date() })
      .where(eq(formAttachments.formAttachmentId, formAttachmentId));
    await touchTicket(tx, ticket.ticketId);
    await recordEvent(tx, {
      name: 'forms.attachments.delete',
      actorUserId: auth.user.userId,
      companyId: ticket.companyId,
      subjectType: 'ticket',
      subjectId: ticket.ticketId,
      data: { formAttachmentId, formId: row.formId, assetId: row.assetId, filename: row.filename },
    });
    return row;
  });
  await deps.files.remove(removed.filepath);
  return { formAttachmentId };
}
