import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type SharedViewContext } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

const sharedViewsKey = ['sharedViews'] as const;

/** The views of a context the user may select: their own, their company's published ones and global ones. */
export function useSharedViews(context: SharedViewContext) {
  return useQuery({
    queryKey: [...sharedViewsKey, 'list', context],
    queryFn: ({ signal }) => apiCall(contract.sharedViewsList, { body: { contexts: [context] }, signal }),
  });
}

export function useDiagnoseViews() {
  return useSharedViews('DIAGNOSE');
}

function useSharedViewsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedViewsKey }),
  });
}

export function useInsertSharedView() {
  return useSharedViewsMutation((body: BodyInput<typeof contract.sharedViewsInsert>) =>
    apiCall(contract.sharedViewsInsert, { body }),
  );
}

export function useUpdateSharedView() {
  return useSharedViewsMutation((body: BodyInput<typeof contract.sharedViewsUpdate>) =>
    apiCall(contract.sharedViewsUpdate, { body }),
  );
}

export function useDeleteSharedView() {
  return useSharedViewsMutation((sharedViewId: number) =>
    apiCall(contract.sharedViewsDelete, { body: { sharedViewId } }),
  );
}

/** Sets a view global (everyone may select it) or back to its company; needs sharedViews:setGlobal. */
export function useSetViewGlobal() {
  return useSharedViewsMutation(({ sharedViewId, global }: { sharedViewId: number; global: boolean }) =>
    apiCall(global ? contract.sharedViewsSetGlobal : contract.sharedViewsUnsetGlobal, {
      body: { sharedViewId },
    }),
  );
}
