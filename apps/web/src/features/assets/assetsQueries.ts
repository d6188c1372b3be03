import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AssetProperty, type BodyInput } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

/** Every asset query starts with this key, so that any asset write can refresh them all. */
export const assetsKey = ['assets'] as const;

export interface AssetListFilter {
  companyIds?: number[];
  assetTypeIds?: number[];
  parentAssetIds?: number[];
}

/** Spec: array parameters travel comma-joined. */
function joined(ids: readonly number[] | undefined): string | undefined {
  return ids && ids.length > 0 ? ids.join(',') : undefined;
}

function listQuery(filter: AssetListFilter) {
  return {
    companyIds: joined(filter.companyIds),
    assetTypeIds: joined(filter.assetTypeIds),
    parentAssetIds: joined(filter.parentAssetIds),
  };
}

export function useAssets(filter: AssetListFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...assetsKey, 'list', filter],
    queryFn: ({ signal }) => apiCall(contract.assetsList, { query: listQuery(filter), signal }),
    enabled: options.enabled ?? true,
  });
}

export function useAsset(assetId: number | undefined) {
  return useQuery({ ...assetQuery(assetId ?? 0), enabled: assetId !== undefined });
}

/** One asset with its coverage (GET /api/assets/{id}): asked by the screens, and early by the diagnose route. */
export function assetQuery(assetId: number) {
  return queryOptions({
    queryKey: [...assetsKey, 'detail', assetId],
    queryFn: ({ signal }) =>
      apiCall(contract.assetsGet, { params: { id: assetId }, query: { includeCoverage: 'true' }, signal }),
  });
}

export function useAssetChildren(assetId: number) {
  return useQuery({
    queryKey: [...assetsKey, 'children', assetId],
    queryFn: ({ signal }) => apiCall(contract.assetsChildren, { params: { id: assetId }, signal }),
  });
}

/** Spec: the ancestors ordered from the root. */
export function useAssetParents(assetId: number) {
  return useQuery({
    queryKey: [...assetsKey, 'parents', assetId],
    queryFn: ({ signal }) => apiCall(contract.assetsParents, { params: { id: assetId }, signal }),
  });
}

export function useAssetTypes() {
  return useQuery({
    queryKey: [...assetsKey, 'types'],
    queryFn: ({ signal }) => apiCall(contract.assetTypesList, { signal }),
    staleTime: Infinity,
  });
}

export function useAssetTypeProperties(assetTypeId: number) {
  return useQuery({
    queryKey: [...assetsKey, 'types', assetTypeId, 'properties'],
    queryFn: ({ signal }) => apiCall(contract.assetTypeProperties, { params: { id: assetTypeId }, signal }),
    staleTime: Infinity,
  });
}

export function useAssetProperties(assetId: number) {
  return useQuery({
    queryKey: [...assetsKey, 'properties', assetId],
    queryFn: ({ signal }) => apiCall(contract.assetsPropertiesGet, { params: { id: assetId }, signal }),
  });
}

function useAssetMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsKey }),
  });
}

/** Spec: PUT replaces the whole property list. */
export function usePutAssetProperties(assetId: number) {
  return useAssetMutation((properties: readonly AssetProperty[]) =>
    apiCall(contract.assetsPropertiesPut, { params: { id: assetId }, body: [...properties] }),
  );
}

export function useCreateAsset() {
  return useAssetMutation((body: BodyInput<typeof contract.assetsCreate>) =>
    apiCall(contract.assetsCreate, { body }),
  );
}

export function useUpdateAsset(assetId: number) {
  return useAssetMutation((body: BodyInput<typeof contract.assetsPut>) =>
    apiCall(contract.assetsPut, { params: { id: assetId }, body }),
  );
}

export function useMoveAsset() {
  return useAssetMutation(({ assetId, parentAssetId }: { assetId: number; parentAssetId: number | null }) =>
    apiCall(contract.assetsMove, { params: { id: assetId }, body: { parentAssetId } }),
  );
}

export function useDeleteAsset() {
  return useAssetMutation((assetId: number) => apiCall(contract.assetsDelete, { params: { id: assetId } }));
}
