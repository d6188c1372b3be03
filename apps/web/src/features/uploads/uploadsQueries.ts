import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileAttachmentStatuses, type FileAttachmentStatus, type OutputOf } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import type { PagedTableSort } from '../../shared/ui/PagedTable.tsx';
import { UPLOADS_PAGE_SIZE, UPLOADS_POLL_MS, isFinalStatus } from './uploadFormat.ts';

export const uploadsKey = ['fileAttachments'] as const;

const EMPTY_PAGE: OutputOf<typeof contract.fileAttachmentsList> = {
  content: [],
  pageable: { totalSize: 0, pageSize: UPLOADS_PAGE_SIZE, pageNumber: 0 },
};

/**
 * One server page of uploads with the chosen statuses (every status: no filter; none: no rows, without asking),
 * sorted as the grid says (none: the server's newest first); polls while any row on it is still on its way to
 * INGESTED or ERROR.
 */
export function useUploads(
  pageNumber: number,
  statuses: readonly FileAttachmentStatus[],
  sort: PagedTableSort | undefined,
) {
  const all = fileAttachmentStatuses.every((status) => statuses.includes(status));
  return useQuery({
    queryKey: [...uploadsKey, 'list', pageNumber, all ? 'all' : [...statuses].sort(), sort ?? null],
    queryFn: ({ signal }) =>
      statuses.length === 0
        ? Promise.resolve(EMPTY_PAGE)
        : apiCall(contract.fileAttachmentsList, {
            body: {
              filter: all ? {} : { statuses: [...statuses] },
              pageableQuery: {
                type: 'PAGED',
                pageSize: UPLOADS_PAGE_SIZE,
                pageNumber,
                sort: sort ? [sort] : [],
              },
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
