import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { assetsKey } from './assetsQueries.ts';

const notesKey = (assetId: number) => [...assetsKey, 'notes', assetId] as const;

/** Notes on an asset, newest first. */
export function useAssetNotes(assetId: number) {
  return useQuery({
    queryKey: notesKey(assetId),
    queryFn: ({ signal }) => apiCall(contract.assetNotesList, { body: { assetId }, signal }),
  });
}

function useNoteMutation<Input, Output>(assetId: number, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(assetId) }),
  });
}

export function useCreateNote(assetId: number) {
  return useNoteMutation(assetId, (note: string) =>
    apiCall(contract.assetNotesCreate, { body: { assetId, note } }),
  );
}

export function useUpdateNote(assetId: number) {
  return useNoteMutation(assetId, (input: { assetNoteId: number; note: string }) =>
    apiCall(contract.assetNotesUpdate, { body: input }),
  );
}

export function useDeleteNote(assetId: number) {
  return useNoteMutation(assetId, (assetNoteId: number) =>
    apiCall(contract.assetNotesDelete, { body: { assetNoteId } }),
  );
}
