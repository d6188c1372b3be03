import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type FileAttachmentStatus } from '@kelvin/contract';
import { apiCall } from '../../shared/api/index.ts';
import { UPLOADS_PAGE_SIZE, UPLOADS_POLL_MS, isFinalStatus } from './uploadFormat.ts';

export const uploadsKey = ['fileAttachments'] as const;

/** One server page of uploads; polls while any row on it is still on its way to INGESTED or ERROR. */
export function useUploads(pageNumber: number, statuses: readonly FileAttachmentStatus[]) {
  return useQuery({
    queryKey: [...uploadsKey, 'list', pageNumber, [...statuses].sort()],
    queryFn: ({ signal }) =>
      apiCall(contract.fileAttachmentsList, {
        body: {
          filter: statuses.length > 0 ? { statuses: [...statuses] } : {},
          pageableQuery: { type: 'PAGED', pageSize: UPLOADS_PAGE_SIZE, pageNumber, sort: [] },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.content.some((row) => !isFinalStatus(row.status)) ? UPLOADS_POLL_MS : false,
  });
}

export function useRefreshUploads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: uploadsKey });
}

/** Registers one file and answers the signed URL its bytes go to. */
export function createUploadUrl(file: { name: string; size: number }) {
  return apiCall(contract.createAssetDataUploadUrl, {
    body: { filename: file.name, fileSizeInBytes: file.size },
  });
}
