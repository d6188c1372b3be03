import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { assetsKey } from '../assets/assetsQueries.ts';

const thresholdsKey = ['thresholds'] as const;

/** A company's threshold groups, by name. */
export function useThresholdGroups(companyId: number) {
  return useQuery({
    queryKey: [...thresholdsKey, 'groups', companyId],
    queryFn: ({ signal }) =>
      apiCall(contract.thresholdGroupsList, { query: { companyIds: String(companyId) }, signal }),
  });
}

/** The limits an asset is held to (its threshold group's), or none; off until an asset is given. */
export function useAssetThresholds(assetId: number | null) {
  return useQuery({
    queryKey: [...thresholdsKey, 'asset', assetId],
    queryFn: ({ signal }) => apiCall(contract.assetThresholds, { params: { assetId: assetId ?? 0 }, signal }),
    enabled: assetId !== null,
    placeholderData: keepPreviousData,
  });
}

/** After any change: groups, assets' limits, and assets (their thresholdGroupId) are asked again. */
function useThresholdMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: thresholdsKey });
      await queryClient.invalidateQueries({ queryKey: assetsKey });
    },
  });
}

export function useCreateThresholdGroup() {
  return useThresholdMutation((body: BodyInput<typeof contract.thresholdGroupsCreate>) =>
    apiCall(contract.thresholdGroupsCreate, { body }),
  );
}

export function useUpdateThresholdGroup() {
  return useThresholdMutation((body: BodyInput<typeof contract.thresholdGroupsUpdate>) =>
    apiCall(contract.thresholdGroupsUpdate, { body }),
  );
}
