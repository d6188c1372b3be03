import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type Warranty } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

/** Every contract and warranty query starts with this key, so that any write refreshes them all. */
export const coverageKey = ['coverage'] as const;
/** A ticket shows its assets' coverage: a contract or warranty write refreshes tickets too. */
const ticketsKey = ['tickets'] as const;

export type ContractsFilter = BodyInput<typeof contract.contractsList>;
export type WarrantiesFilter = BodyInput<typeof contract.warrantiesList>;
export type ContractCreateInput = BodyInput<typeof contract.contractsCreate>;
export type ContractUpdateInput = BodyInput<typeof contract.contractsUpdate>;
export type WarrantyCreateInput = BodyInput<typeof contract.warrantiesCreate>;
export type WarrantyUpdateInput = BodyInput<typeof contract.warrantiesUpdate>;

/** A warranties list is one page: the admin lists and the viewer ask for at most this many at once. */
const WARRANTIES_AT_ONCE = 1000;

export function useContracts(filter: ContractsFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...coverageKey, 'contracts', filter],
    queryFn: ({ signal }) => apiCall(contract.contractsList, { body: filter, signal }),
    select: (answer) => answer.content,
    enabled: options.enabled ?? true,
  });
}

export function useWarranties(filter: WarrantiesFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...coverageKey, 'warranties', filter],
    queryFn: ({ signal }) =>
      apiCall(contract.warrantiesList, {
        body: {
          pageableQuery: { type: 'PAGED', pageSize: WARRANTIES_AT_ONCE, pageNumber: 0, sort: [] },
          ...filter,
        },
        signal,
      }),
    select: (answer) => answer.content.map((item) => item.warranty),
    enabled: options.enabled ?? true,
  });
}

function useCoverageMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: coverageKey }),
        queryClient.invalidateQueries({ queryKey: ticketsKey }),
      ]);
    },
  });
}

export const useCreateContract = () =>
  useCoverageMutation((body: ContractCreateInput) => apiCall(contract.contractsCreate, { body }));
export const useUpdateContract = () =>
  useCoverageMutation((body: ContractUpdateInput) => apiCall(contract.contractsUpdate, { body }));
export const useSetContractAssets = () =>
  useCoverageMutation((body: { contractId: number; assetIds: number[] }) =>
    apiCall(contract.contractsAssetsSet, { body }),
  );
export const useDeleteContract = () =>
  useCoverageMutation((contractId: number) => apiCall(contract.contractsDelete, { body: { contractId } }));
export const useCreateWarranty = () =>
  useCoverageMutation((body: WarrantyCreateInput) => apiCall(contract.warrantiesCreate, { body }));
export const useUpdateWarranty = () =>
  useCoverageMutation((body: WarrantyUpdateInput) => apiCall(contract.warrantiesUpdate, { body }));
export const useDeleteWarranty = () =>
  useCoverageMutation((warrantyId: number) => apiCall(contract.warrantiesDelete, { body: { warrantyId } }));

/** A warranty's assets change through warranties.update (its payload carries assetIds), the rest as it is. */
export const useSetWarrantyAssets = () =>
  useCoverageMutation(({ warranty, assetIds }: { warranty: Warranty; assetIds: number[] }) =>
    apiCall(contract.warrantiesUpdate, {
      body: {
        warrantyId: warranty.warrantyId,
        companyId: warranty.companyId,
        assetIds,
        label: warranty.label,
        duration: warranty.duration,
        startDate: warranty.startDate,
        isSample: warranty.isSample,
        timeZoneId: warranty.timeZoneId,
        startKind: warranty.startKind,
      },
    }),
  );
