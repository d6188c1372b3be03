import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FileAttachmentStatus, PageableQuery } from '@kelvin/contract';
import type { CompanyScope } from '../../http/authorize.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { fileAttachments, users } from '../../platform/db/schema.ts';
import { recordEvent } from '../events/recordEvent.ts';

export type FileAttachmentRow = typeof fileAttachments.$inferSelect;
export type FileAttachmentWithUser = FileAttachmentRow & { userName: string };

export const ASSET_READING_ATTACHMENT = 'ASSET_READING_ATTACHMENT';
export const UPLOAD_PERMISSION = 'fileAttachments:manageAssetReadingAttachment';

export async function insertUpload(
  tx: DbOrTx,
  values: Pick<
    typeof fileAttachments.$inferInsert,
    'requestId' | 'companyId' | 'userId' | 'contentType' | 'filename' | 'filepath' | 'fileSizeInBytes'
  >,
): Promise<FileAttachmentRow> {
  const [row] = await tx
    .insert(fileAttachments)
    .values({ ...values, kind: ASSET_READING_ATTACHMENT, status: 'PENDING' })
    .returning();
  if (!row) throw new Error('file attachment not created');
  await recordEvent(tx, {
    name: 'fileAttachments.create',
    actorUserId: values.userId,
    companyId: values.companyId,
    subjectType: 'fileAttachment',
    subjectId: row.fileAttachmentId,
    data: { requestId: row.requestId, filename: row.filename, fileSizeInBytes: row.fileSizeInBytes },
  });
  return row;
}

export async function findUploadByRequestId(
  db: DbOrTx,
  requestId: string,
): Promise<FileAttachmentRow | undefined> {
  const [row] = await db.select().from(fileAttachments).where(eq(fileAttachments.requestId, requestId));
  return row;
}

export async function findUpload(
  db: DbOrTx,
  fileAttachmentId: number,
): Promise<FileAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(fileAttachments)
    .where(and(eq(fileAttachments.fileAttachmentId, fileAttachmentId), isNull(fileAttachments.deletedAt)));
  return row;
}

export interface StatusChange {
  fileAttachmentId: number;
  /** The change happens only from one of these, so that two processes never both make it. */
  from: readonly FileAttachmentStatus[];
  to: FileAttachmentStatus;
  failureReason?: string | null;
  pointsIngested?: number;
  /** Who caused it: the uploader for UPLOADED; null for the processing job. */
  actorUserId: number | null;
  /** Only when the row was last updated before this (taking over a stuck row, not a live one). */
  notUpdatedSince?: Date | undefined;
}

/**
 * Moves an upload to a new status and records the event in the same transaction. Answers the updated row, or
 * undefined when the row was not in one of the `from` statuses (someone else moved it first).
 */
export function changeStatus(db: Db, change: StatusChange): Promise<FileAttachmentRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(fileAttachments)
      .set({
        status: change.to,
        updatedAt: new Date(),
        ...(change.failureReason === undefined ? {} : { failureReason: change.failureReason }),
        ...(change.pointsIngested === undefined ? {} : { pointsIngested: change.pointsIngested }),
      })
      .where(
        and(
          eq(fileAttachments.fileAttachmentId, change.fileAttachmentId),
          inArray(fileAttachments.status, [...change.from]),
          change.notUpdatedSince ? lt(fileAttachments.updatedAt, change.notUpdatedSince) : undefined,
        ),
      )
      .returning();
    if (!row) return undefined;
    await recordEvent(tx, {
      name: 'fileAttachments.status',
      actorUserId: change.actorUserId,
      companyId: row.companyId,
      subjectType: 'fileAttachment',
      subjectId: row.fileAttachmentId,
      data: {
        requestId: row.requestId,
        status: change.to,
        ...(change.failureReason ? { failureReason: change.failureReason } : {}),
        ...(change.pointsIngested === undefined ? {} : { pointsIngested: change.pointsIngested }),
      },
    });
    return row;
  });
}

/** Marks a row being processed as alive, so that no other runner takes it over as stuck. */
export async function touchUpload(db: DbOrTx, fileAttachmentId: number): Promise<void> {
  await db
    .update(fileAttachments)
    .set({ updatedAt: new Date() })
    .where(
      and(eq(fileAttachments.fileAttachmentId, fileAttachmentId), eq(fileAttachments.status, 'PROCESSING')),
    );
}

/**
 * Rows the job runner should pick up, oldest first: uploaded or scheduled ones, and PROCESSING ones whose
 * runner stopped touching them before `stuckBefore` (a restart or a crash mid-file).
 */
export async function findWork(
  db: DbOrTx,
  stuckBefore: Date,
  limit: number,
): Promise<Pick<FileAttachmentRow, 'fileAttachmentId' | 'status'>[]> {
  return db
    .select({ fileAttachmentId: fileAttachments.fileAttachmentId, status: fileAttachments.status })
    .from(fileAttachments)
    .where(
      and(
        isNull(fileAttachments.deletedAt),
        or(
          inArray(fileAttachments.status, ['UPLOADED', 'SCHEDULED_FOR_PROCESSING']),
          and(eq(fileAttachments.status, 'PROCESSING'), lt(fileAttachments.updatedAt, stuckBefore)),
        ),
      ),
    )
    .orderBy(asc(fileAttachments.fileAttachmentId))
    .limit(limit);
}

export interface ListFilter {
  scope: CompanyScope;
  statuses?: readonly FileAttachmentStatus[] | undefined;
  kinds?: readonly string[] | undefined;
}

const SORTABLE = {
  fileAttachmentId: fileAttachments.fileAttachmentId,
  requestId: fileAttachments.requestId,
  status: fileAttachments.status,
  filename: fileAttachments.filename,
  contentType: fileAttachments.contentType,
  fileSizeInBytes: fileAttachments.fileSizeInBytes,
  createdAt: fileAttachments.createdAt,
  updatedAt: fileAttachments.updatedAt,
  userName: users.name,
} as const;

function isSortable(property: string): property is keyof typeof SORTABLE {
  return Object.hasOwn(SORTABLE, property);
}

function listWhere(filter: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(fileAttachments.deletedAt)];
  if (filter.scope !== 'ALL') conditions.push(inArray(fileAttachments.companyId, filter.scope));
  if (filter.statuses && filter.statuses.length > 0) {
    conditions.push(inArray(fileAttachments.status, [...filter.statuses]));
  }
  if (filter.kinds && filter.kinds.length > 0)
    conditions.push(inArray(fileAttachments.kind, [...filter.kinds]));
  return and(...conditions);
}

/** One page of uploads with the uploader's name; newest first unless the query sorts otherwise. */
export async function listUploads(
  db: DbOrTx,
  filter: ListFilter,
  page: PageableQuery,
): Promise<{ rows: FileAttachmentWithUser[]; totalSize: number }> {
  if (filter.scope !== 'ALL' && filter.scope.length === 0) return { rows: [], totalSize: 0 };
  const where = listWhere(filter);
  const order = page.sort
    .filter((sort) => isSortable(sort.property))
    .map((sort) => {
      const column = isSortable(sort.property) ? SORTABLE[sort.property] : fileAttachments.createdAt;
      return sort.direction === 'ASC' ? asc(column) : desc(column);
    });
  const rows = await db
    .select({ attachment: fileAttachments, userName: users.name })
    .from(fileAttachments)
    .innerJoin(users, eq(users.userId, fileAttachments.userId))
    .where(where)
    .orderBy(...order, desc(fileAttachments.createdAt), desc(fileAttachments.fileAttachmentId))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db.select({ n: count() }).from(fileAttachments).where(where);
  return {
    rows: rows.map(({ attachment, userName }) => ({ ...attachment, userName })),
    totalSize: total?.n ?? 0,
  };
}
