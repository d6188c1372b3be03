import { useMutation, useQuery } from '@tanstack/react-query';
import { contract } from '../../../shared/api/endpoints.ts';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { apiCall } from '../../../shared/api/index.ts';
import { putWithProgress, type FileSender } from '../../uploads/putWithProgress.ts';
import { useTicketWriteEffects } from '../comments/ticketWriteEffects.ts';
import { ticketKeys } from '../ticketKeys.ts';

export function useTicketAttachments(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.attachments(ticketId),
    queryFn: ({ signal }) => apiCall(contract.ticketsAttachmentsList, { body: { ticketId }, signal }),
  });
}

/** Whether a file may be sent at all: the spec's limit, checked before anything is registered or uploaded. */
export function fileTooLarge(file: { size: number }): string | undefined {
  return file.size >= UPLOAD_LIMIT_BYTES ? UPLOAD_LIMIT_MESSAGE : undefined;
}

export interface TicketFileTarget {
  ticketId: number;
  commentId?: number;
  description?: string;
}

/**
 * Registers a file of a ticket (or comment) and sends its bytes to the signed URL, reporting progress. A file at
 * or over the limit is refused here, and nothing is sent.
 */
export async function sendTicketFile(
  file: File,
  target: TicketFileTarget,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal; sendFile?: FileSender },
): Promise<number> {
  const refused = fileTooLarge(file);
  if (refused) throw new Error(refused);
  const { ticketAttachmentId, uploadUrl } = await apiCall(contract.ticketsAttachmentsCreateUpload, {
    body: {
      ticketId: target.ticketId,
      filename: file.name,
      fileSizeInBytes: file.size,
      contentType: file.type === '' ? 'application/octet-stream' : file.type,
      ...(target.commentId === undefined ? {} : { commentId: target.commentId }),
      ...(target.description ? { description: target.description } : {}),
    },
  });
  await (options.sendFile ?? putWithProgress)(uploadUrl, file, {
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return ticketAttachmentId;
}

/** Opens the file: the signed URL answers it as a download named as uploaded, so the page stays. */
export async function downloadTicketFile(ticketAttachmentId: number): Promise<void> {
  const { url } = await apiCall(contract.ticketsAttachmentsDownloadUrl, { body: { ticketAttachmentId } });
  window.location.assign(url);
}

export function useDeleteTicketAttachment(ticketId: number) {
  const effects = useTicketWriteEffects(ticketId, ticketKeys.attachments(ticketId));
  const commentEffects = useTicketWriteEffects(ticketId, ticketKeys.comments(ticketId));
  return useMutation({
    mutationFn: (ticketAttachmentId: number) =>
      apiCall(contract.ticketsAttachmentsDelete, { body: { ticketAttachmentId } }),
    onSuccess: () => Promise.all([effects(), commentEffects()]),
  });
}
