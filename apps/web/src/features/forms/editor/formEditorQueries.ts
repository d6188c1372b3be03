import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type OutputOf } from '@kelvin/contract';
import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import { formKeys } from '../formsQueries.ts';

/** The form editor's calls: the list of definitions, one definition, create, save as a new version, ticket types. */

export type FormDefinitionSummary = OutputOf<typeof contract.formDefinitionsList>['content'][number];
export type EditedFormDefinition = OutputOf<typeof contract.formDefinitionsGet>;
export type FormDefinitionSaveBody = BodyInput<typeof contract.formDefinitionsSave>;
export type FormDefinitionCreateBody = BodyInput<typeof contract.formDefinitionsCreate>;

export const formEditorKeys = {
  list: [...formKeys.all, 'editor', 'list'] as const,
  latest: (formId: number) => [...formKeys.all, 'editor', 'latest', formId] as const,
};

export function useFormDefinitionList() {
  return useQuery({
    queryKey: formEditorKeys.list,
    queryFn: async ({ signal }) => (await apiCall(contract.formDefinitionsList, { signal })).content,
  });
}

/** The latest version, asked afresh each time the editor opens: an editor must start from what is saved now. */
export function useLatestFormDefinition(formId: number) {
  return useQuery({
    queryKey: formEditorKeys.latest(formId),
    queryFn: ({ signal }) => apiCall(contract.formDefinitionsGet, { body: { formId }, signal }),
    enabled: formId > 0,
    staleTime: 0,
  });
}

/**
 * After any change of a definition: the editor's list and every cached copy of the forms (the offered forms of
 * tickets and the latest definition a form screen shows) are asked again. A definition at a version never changes,
 * so those stay.
 */
function useDefinitionChanged() {
  const queryClient = useQueryClient();
  return (saved: EditedFormDefinition) => {
    queryClient.setQueryData(formEditorKeys.latest(saved.formId), saved);
    queryClient.setQueryData(formKeys.definition(saved.formId, saved.version), saved);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: formEditorKeys.list }),
      queryClient.invalidateQueries({ queryKey: formKeys.definition(saved.formId, null) }),
      queryClient.invalidateQueries({ queryKey: [...formKeys.all, 'offered'] }),
    ]);
  };
}

export function useCreateFormDefinition() {
  const changed = useDefinitionChanged();
  return useMutation({
    mutationFn: (body: FormDefinitionCreateBody) => apiCall(contract.formDefinitionsCreate, { body }),
    onSuccess: changed,
  });
}

export function useSaveFormDefinition() {
  const changed = useDefinitionChanged();
  return useMutation({
    mutationFn: (body: FormDefinitionSaveBody) => apiCall(contract.formDefinitionsSave, { body }),
    onSuccess: changed,
  });
}

export function useSetFormTicketTypes() {
  const changed = useDefinitionChanged();
  return useMutation({
    mutationFn: (body: { formId: number; ticketTypeValues: number[] }) =>
      apiCall(contract.formDefinitionsSetTicketTypes, { body }),
    onSuccess: changed,
  });
}
