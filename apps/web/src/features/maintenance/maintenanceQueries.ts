import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type MaintenanceWindowState } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

export const maintenanceKey = ['maintenanceWindows'] as const;
export const MAINTENANCE_PAGE_SIZE = 10;

export interface MaintenanceListFilter {
  /** The asset chosen, with the windows above (covering it) and below it; every asset the user sees when left out. */
  assetId?: number | undefined;
  states: readonly MaintenanceWindowState[];
  text: string;
}

/** One server page of maintenance windows; the previous page stays on screen while the next loads. */
export function useMaintenanceWindows(filter: MaintenanceListFilter, pageNumber: number) {
  const text = filter.text.trim();
  return useQuery({
    queryKey: [
      ...maintenanceKey,
      'list',
      filter.assetId ?? null,
      [...filter.states].sort(),
      text,
      pageNumber,
    ],
    queryFn: ({ signal }) =>
      apiCall(contract.assetsListMaintenanceWindows, {
        body: {
          filter: {
            ...(filter.assetId === undefined ? {} : { assetIds: [filter.assetId] }),
            ...(filter.states.length > 0 ? { states: [...filter.states] } : {}),
            ...(text === '' ? {} : { text }),
          },
          pageableQuery: { type: 'PAGED', pageSize: MAINTENANCE_PAGE_SIZE, pageNumber, sort: [] },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A write changes the lists, the health of the units it covers (maintenance mode) and the asset's audit trail.
 */
function useMaintenanceMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: maintenanceKey }),
        queryClient.invalidateQueries({ queryKey: ['fleet', 'states'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
}

export function useCreateMaintenanceWindow() {
  return useMaintenanceMutation((body: BodyInput<typeof contract.assetsCreateMaintenanceWindow>) =>
    apiCall(contract.assetsCreateMaintenanceWindow, { body }),
  );
}

export function useUpdateMaintenanceWindow() {
  return useMaintenanceMutation((body: BodyInput<typeof contract.assetsUpdateMaintenanceWindow>) =>
    apiCall(contract.assetsUpdateMaintenanceWindow, { body }),
  );
}

export function useCancelMaintenanceWindows() {
  return useMaintenanceMutation((body: BodyInput<typeof contract.assetsCancelMaintenanceWindow>) =>
    apiCall(contract.assetsCancelMaintenanceWindow, { body }),
  );
}
