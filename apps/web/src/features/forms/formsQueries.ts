import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type OutputOf } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { ticketKeys } from '../tickets/ticketKeys.ts';
import { timeEntriesKey } from '../timeEntries/timeEntriesQueries.ts';

/**
 * The forms calls of the web console (spec section 7, Forms) as query and mutation hooks. The form screen owns this
 * file; the explorer reads it. A ticket's forms are filled per asset of the ticket, so every filled-form call names
 * the asset beside the ticket.
 */

export type FormDefinitionData = OutputOf<typeof contract.formDefinitionsGet>;
export type FormInstanceData = OutputOf<typeof contract.formsUpdateValues>;
export type FormMetadataData = OutputOf<typeof contract.formsListMetadata>['content'][number];
export type FormAttachmentData = OutputOf<typeof contract.formsListAttachments>['content'][number];
export type FormValuesPayload = Omit<BodyInput<typeof contract.formsUpdateValues>, 'assetId'>;

/** Where one filled form lives: a form of a ticket, for one of its assets. */
export interface FormInstanceKey {
  ticketId: number;
  formId: number;
  assetId: number;
}

export const formKeys = {
  all: ['forms'] as const,
  offered: (companyId: number) => [...formKeys.all, 'offered', companyId] as const,
  definition: (formId: number, version: number | null) =>
    [...formKeys.all, 'definition', formId, version] as const,
  ticket: (ticketId: number) => [...formKeys.all, 'ticket', ticketId] as const,
  metadata: (ticketId: number) => [...formKeys.ticket(ticketId), 'metadata'] as const,
  instance: ({ ticketId, formId, assetId }: FormInstanceKey) =>
    [...formKeys.ticket(ticketId), 'instance', formId, assetId] as const,
  attachments: ({ ticketId, formId, assetId }: FormInstanceKey) =>
    [...formKeys.ticket(ticketId), 'attachments', formId, assetId] as const,
};

/** Spec: definitions and metadata are cached (time-to-live 300000 ms); a definition at a version never changes. */
const DEFINITIONS_TTL_MS = 300_000;

/** The forms offered to a company's tickets (latest versions), with the ticket types each is offered on. */
export function useOfferedForms(companyId: number) {
  return useQuery({
    queryKey: formKeys.offered(companyId),
    queryFn: ({ signal }) =>
      apiCall(contract.formsGet, { body: { entityTypes: ['TICKET'], companyIds: [companyId] }, signal }),
    staleTime: DEFINITIONS_TTL_MS,
  });
}

/** A form at a version (the latest when null): a filled form is shown against the version it was filled with. */
export function useFormDefinition(formId: number, version: number | null, enabled = true) {
  return useQuery({
    queryKey: formKeys.definition(formId, version),
    queryFn: ({ signal }) =>
      apiCall(contract.formDefinitionsGet, {
        body: version === null ? { formId } : { formId, version },
        signal,
      }),
    staleTime: version === null ? DEFINITIONS_TTL_MS : Infinity,
    enabled: enabled && formId > 0,
  });
}

/** The status and timer periods of a ticket's filled forms (every form, every asset); no entry: 'Available'. */
export function useTicketFormMetadata(ticketId: number) {
  return useQuery({
    queryKey: formKeys.metadata(ticketId),
    queryFn: ({ signal }) =>
      apiCall(contract.formsListMetadata, { body: { entityType: 'TICKET', entityId: ticketId }, signal }),
  });
}

/** One filled form's values and metadata; null when nothing was saved yet. */
export function useFormInstance(key: FormInstanceKey) {
  return useQuery({
    queryKey: formKeys.instance(key),
    queryFn: async ({ signal }): Promise<FormInstanceData | null> => {
      const { content } = await apiCall(contract.formsListValues, {
        body: {
          entityType: 'TICKET',
          entityId: key.ticketId,
          formIds: [key.formId],
          assetIds: [key.assetId],
        },
        signal,
      });
      return content.find((item) => item.formId === key.formId && item.assetId === key.assetId) ?? null;
    },
    enabled: key.ticketId > 0 && key.formId > 0 && key.assetId > 0,
  });
}

/** Saves the values with the work time sheet; the ticket's time entries and the forms' statuses follow. */
export function useSaveFormValues(key: FormInstanceKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: FormValuesPayload) =>
      apiCall(contract.formsUpdateValues, { body: { ...payload, assetId: key.assetId } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(formKeys.instance(key), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.metadata(key.ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.timeEntries(key.ticketId) }),
        queryClient.invalidateQueries({ queryKey: timeEntriesKey }),
        queryClient.invalidateQueries({ queryKey: [...formKeys.all, 'instances'] }),
      ]);
    },
  });
}

/** The files of one filled form, newest first. */
export function useFormAttachments(key: FormInstanceKey) {
  return useQuery({
    queryKey: formKeys.attachments(key),
    queryFn: async ({ signal }) =>
      (
        await apiCall(contract.formsListAttachments, {
          body: {
            entityType: 'TICKET',
            entityId: key.ticketId,
            formIds: [key.formId],
            assetIds: [key.assetId],
          },
          signal,
        })
      ).content,
    enabled: key.ticketId > 0 && key.formId > 0 && key.assetId > 0,
  });
}

/** What became of the attachment changes made with a save. */
export interface AttachmentChangesOutcome {
  uploaded: number;
  failedUploads: number;
  deleted: number;
  failedDeletions: number;
}

/**
 * Spec (Form editing): after the save, uploads the new files and deletes the marked ones, all in parallel, then
 * reloads the attachment list, whatever failed.
 */
export function useApplyAttachmentChanges(key: FormInstanceKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: {
      uploads: readonly File[];
      deletions: readonly number[];
    }): Promise<AttachmentChangesOutcome> => {
      const uploads = changes.uploads.map((file) =>
        apiCall(contract.formsCreateAttachment, {
          body: {
            formId: key.formId,
            entityType: 'TICKET',
            entityId: key.ticketId,
            assetId: key.assetId,
            filename: file.name,
          },
          files: { upload: file },
        }),
      );
      const deletions = changes.deletions.map((formAttachmentId) =>
        apiCall(contract.formsDeleteAttachment, { body: { formAttachmentId, entityType: 'TICKET' } }),
      );
      const [uploaded, deleted] = await Promise.all([
        Promise.allSettled(uploads),
        Promise.allSettled(deletions),
      ]);
      await queryClient.invalidateQueries({ queryKey: formKeys.attachments(key) });
      const ok = (results: PromiseSettledResult<unknown>[]) =>
        results.filter((result) => result.status === 'fulfilled').length;
      return {
        uploaded: ok(uploaded),
        failedUploads: uploaded.length - ok(uploaded),
        deleted: ok(deleted),
        failedDeletions: deleted.length - ok(deleted),
      };
    },
  });
}

/** A form attachment's signed, time-limited download address. */
export async function formAttachmentSignedUrl(
  formAttachmentId: number,
  signal?: AbortSignal,
): Promise<string> {
  const { url } = await apiCall(contract.formsGetAttachmentSignedUrl, {
    body: { formAttachmentId, entityType: 'TICKET' },
    ...(signal ? { signal } : {}),
  });
  return url;
}

/**
 * Spec: a form attachment opens by its signed URL in a new tab. The tab is opened at the click (a tab opened after
 * the answer would be a blocked popup), then sent to the URL.
 */
export async function openFormAttachment(formAttachmentId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await formAttachmentSignedUrl(formAttachmentId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
