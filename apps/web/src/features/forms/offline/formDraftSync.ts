import { type OutputOf } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { deleteFormDraft, type FormDraft } from './formDraftStore.ts';
import {
  findFormConflicts,
  mergeFormDraft,
  type ConflictChoices,
  type FormValueConflict,
} from './formDraftMerge.ts';

export type SentFormInstance = OutputOf<typeof contract.formsUpdateValues>;

export type DraftSendOutcome =
  | { kind: 'sent'; instance: SentFormInstance; failedAttachments: number }
  /** Someone else changed some of the same fields meanwhile: the user chooses, then sends again with the choices. */
  | {
      kind: 'conflicts';
      conflicts: FormValueConflict[];
      serverUpdatedBy: string | null;
      serverUpdatedAt: string;
    };

async function serverValues(draft: FormDraft) {
  const { content } = await apiCall(contract.formsListValues, {
    body: {
      entityType: 'TICKET',
      entityId: draft.ticketId,
      formIds: [draft.formId],
      assetIds: [draft.assetId],
    },
  });
  return content.find((item) => item.formId === draft.formId && item.assetId === draft.assetId) ?? null;
}

/**
 * Sends a form saved on the device: reads what the server holds now, stops at conflicts unless every one has a
 * choice, saves the merged values with the work time sheet (the server makes its periods time entries once), then
 * uploads the new files and deletes the marked ones in parallel, and forgets the draft. A refusal (a value the
 * server will not take, a ticket no longer reachable) is thrown and the draft is kept.
 */
export async function sendFormDraft(draft: FormDraft, choices?: ConflictChoices): Promise<DraftSendOutcome> {
  const current = await serverValues(draft);
  const server = current?.formValues ?? [];
  const conflicts = findFormConflicts(draft.baseValues, draft.values, server);
  const unresolved = conflicts.filter((one) => !choices?.[one.formElementDefAssociationId]);
  if (unresolved.length > 0)
    return {
      kind: 'conflicts',
      conflicts,
      serverUpdatedBy: current?.updatedByName ?? null,
      serverUpdatedAt: current?.updatedAt ?? '',
    };
  const instance = await apiCall(contract.formsUpdateValues, {
    body: {
      entityType: 'TICKET',
      entityId: draft.ticketId,
      formId: draft.formId,
      assetId: draft.assetId,
      formValues: mergeFormDraft(draft.baseValues, draft.values, server, choices),
      checkRequiredFormElementValues: true,
      workTimeSheet: draft.workTimeSheet,
    },
  });
  const results = await Promise.allSettled([
    ...draft.newAttachments.map((attachment) =>
      apiCall(contract.formsCreateAttachment, {
        body: {
          formId: draft.formId,
          entityType: 'TICKET',
          entityId: draft.ticketId,
          assetId: draft.assetId,
          filename: attachment.filename,
        },
        files: { upload: new File([attachment.file], attachment.filename, { type: attachment.contentType }) },
      }),
    ),
    ...draft.deletedAttachmentIds.map((formAttachmentId) =>
      apiCall(contract.formsDeleteAttachment, { body: { formAttachmentId, entityType: 'TICKET' } }),
    ),
  ]);
  await deleteFormDraft(draft);
  return {
    kind: 'sent',
    instance,
    failedAttachments: results.filter((result) => result.status === 'rejected').length,
  };
}

/** A failure that means "no network", as opposed to an answer: fetch rejects with a TypeError when it cannot connect. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);
}
