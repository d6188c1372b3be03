import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

/** Access groups join users and assets; both sides' lists sit under this key. */
const accessKey = ['accessGroups'] as const;

/** The users whose default access groups hold the asset; the server answers only callers with users:read. */
export function useAssetUsers(assetId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...accessKey, 'asset', assetId],
    queryFn: ({ signal }) => apiCall(contract.accessGroupsListAssetUsers, { body: { assetId }, signal }),
  });
}

/** The assets in the user's access groups. */
export function useUserAssets(userId: number) {
  return useQuery({
    queryKey: [...accessKey, 'user', userId],
    queryFn: ({ signal }) => apiCall(contract.accessGroupsListUserAssets, { body: { userId }, signal }),
  });
}

export interface AssetUsersChange {
  assetId: number;
  userIds: number[];
}

export function useAddAssetToUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AssetUsersChange) => apiCall(contract.accessGroupsAddAsset, { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}

export function useRemoveAssetFromUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AssetUsersChange) => apiCall(contract.accessGroupsDeleteAsset, { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
