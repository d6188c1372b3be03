import { format } from 'date-fns';
import { fileAttachmentStatuses, type FileAttachmentStatus } from '@kelvin/contract';

/** Spec work-management 9: the uploads grid's date format. */
export const UPLOADS_DATE_FORMAT = 'MMM d yyyy, hh:mm a';
/** Spec work-management 9: uploads grid page size. */
export const UPLOADS_PAGE_SIZE = 50;
/** While any row is not final, statuses are asked for again this often. */
export const UPLOADS_POLL_MS = 3_000;

/** Spec: SCHEDULED_FOR_PROCESSING is shown as 'Scheduled'; the others as they are. */
export function statusLabel(status: FileAttachmentStatus): string {
  return status === 'SCHEDULED_FOR_PROCESSING' ? 'Scheduled' : status;
}

export const statusOptions = fileAttachmentStatuses.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

export function isFinalStatus(status: FileAttachmentStatus): boolean {
  return status === 'INGESTED' || status === 'ERROR';
}

export function isUploadStatus(value: string): value is FileAttachmentStatus {
  return fileAttachmentStatuses.some((status) => status === value);
}

export function formatUploadDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Date Not Available' : format(date, UPLOADS_DATE_FORMAT);
}
