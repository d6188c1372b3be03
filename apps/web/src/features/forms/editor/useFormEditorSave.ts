import { useState } from 'react';
import { toastsFor, failWithToast } from '../../../shared/api/mutationToasts.ts';
import { draftFromDefinition, draftToElementInputs, type FormDraft } from './formDraft.ts';
import {
  useCreateFormDefinition,
  useSaveFormDefinition,
  useSetFormTicketTypes,
  type EditedFormDefinition,
} from './formEditorQueries.ts';

/** What the editor knows of the saved form: nothing yet for a new one. */
export interface SavedForm {
  formId: number;
  version: number;
  ticketTypeValues: readonly number[];
}

export const savedVersionMessage = (version: number): string => `Version ${version} saved`;
export const TICKET_TYPES_SAVED = 'Ticket types saved';

const sameTypes = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);

/**
 * Save: a new form is created (version 1); a changed one is saved as a new version (filled forms keep theirs),
 * refused when another save came first (expectedVersion); changed ticket types are set with it. Each call only when
 * something it carries changed. Resolves with the definition as saved, or rejects after a toast with the server's
 * reason.
 */
export function useFormEditorSave() {
  const create = useCreateFormDefinition();
  const save = useSaveFormDefinition();
  const setTicketTypes = useSetFormTicketTypes();
  const [saving, setSaving] = useState(false);

  const run = async (input: {
    saved: SavedForm | null;
    draft: FormDraft;
    draftChanged: boolean;
    ticketTypeValues: number[];
  }): Promise<{ definition: EditedFormDefinition; draft: FormDraft }> => {
    const fields = {
      label: input.draft.label.trim(),
      formElements: draftToElementInputs(input.draft.elements),
    };
    setSaving(true);
    try {
      let definition: EditedFormDefinition | null = null;
      if (input.saved === null) {
        definition = await create.mutateAsync({ ...fields, ticketTypeValues: input.ticketTypeValues });
        toastsFor(savedVersionMessage(definition.version)).onSuccess();
      } else {
        // Ticket types first: they make no version, so when the save after them is refused, the expected version stays
        // right and the next Save sets the types again harmlessly.
        if (!sameTypes(input.saved.ticketTypeValues, input.ticketTypeValues)) {
          definition = await setTicketTypes.mutateAsync({
            formId: input.saved.formId,
            ticketTypeValues: input.ticketTypeValues,
          });
        }
        if (input.draftChanged) {
          definition = await save.mutateAsync({
            formId: input.saved.formId,
            expectedVersion: input.saved.version,
            ...fields,
          });
        }
        if (definition === null) throw new Error('Nothing to save.');
        toastsFor(
          input.draftChanged ? savedVersionMessage(definition.version) : TICKET_TYPES_SAVED,
        ).onSuccess();
      }
      return { definition, draft: draftFromDefinition(definition) };
    } catch (error) {
      return failWithToast(error);
    } finally {
      setSaving(false);
    }
  };

  return { run, saving };
}
