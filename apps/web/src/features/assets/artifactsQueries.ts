import { useMutation, useQuery } from '@tanstack/react-query';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { assetsKey } from './assetsQueries.ts';

export function useAssetArtifacts(assetId: number) {
  return useQuery({
    queryKey: [...assetsKey, 'artifacts', assetId],
    queryFn: ({ signal }) => apiCall(contract.assetArtifactsList, { body: { assetId }, signal }),
  });
}

/** Spec: any error gives an empty list (the server answers so; a network failure here does the same). */
export function useSystemMetadata(assetId: number) {
  return useQuery({
    queryKey: [...assetsKey, 'systemMetadata', assetId],
    queryFn: ({ signal }) =>
      apiCall(contract.assetSystemMetadataLast, { params: { assetId }, signal }).catch(() => []),
  });
}

/** Asks for a signed URL and opens it; the URL expires, so it is fetched at the moment of download. */
export function useDownloadArtifact() {
  return useMutation({
    mutationFn: async (assetArtifactIndexId: number) => {
      const { url } = await apiCall(contract.assetArtifactsDownloadUrl, { body: { assetArtifactIndexId } });
      window.open(url, '_blank', 'noopener');
      return url;
    },
  });
}
