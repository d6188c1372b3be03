import { useState } from 'react';
import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import type { FileAttachmentStatus } from '@kelvin/contract';
import { EmptyState, QueryState } from '../admin/QueryState.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import { UploadModal } from './UploadModal.tsx';
import { UploadsTable } from './UploadsTable.tsx';
import { UPLOADS_PAGE_SIZE } from './uploadFormat.ts';
import { useRefreshUploads, useUploads } from './uploadsQueries.ts';
import type { FileSender } from './putWithProgress.ts';

/** Route uploads: asset data uploads of the user's companies, server-paged, with the upload modal. */
export function UploadsPage({ sendFile }: { sendFile?: FileSender } = {}) {
  const [pageNumber, setPageNumber] = useState(0);
  const [statuses, setStatuses] = useState<FileAttachmentStatus[]>([]);
  const [uploading, setUploading] = useState(false);
  const uploads = useUploads(pageNumber, statuses);
  const refresh = useRefreshUploads();
  const totalSize = uploads.data?.pageable.totalSize;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Uploads</Title>
        <Button onClick={() => setUploading(true)}>Upload Asset Data</Button>
      </Group>
      <Group justify="space-between" align="flex-end">
        <StatusFilter
          value={statuses}
          onChange={(next) => {
            setStatuses(next);
            setPageNumber(0);
          }}
        />
        <Group>
          <Text aria-live="polite">{totalSize === undefined ? '' : `${totalSize} Uploads Found`}</Text>
          <Button
            variant="default"
            onClick={() => void refresh()}
            loading={uploads.isFetching && !uploads.isPending}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      <QueryState query={uploads} label="uploads">
        {(page) =>
          page.content.length === 0 ? (
            <EmptyState>
              {statuses.length > 0
                ? 'No uploads have the chosen statuses.'
                : 'No asset data has been uploaded yet. Use Upload Asset Data to send .gz files.'}
            </EmptyState>
          ) : (
            <>
              <UploadsTable rows={page.content} />
              {page.pageable.totalSize > UPLOADS_PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(page.pageable.totalSize / UPLOADS_PAGE_SIZE)}
                  value={pageNumber + 1}
                  onChange={(value) => setPageNumber(value - 1)}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              )}
            </>
          )
        }
      </QueryState>
      <UploadModal
        opened={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => void refresh()}
        {...(sendFile ? { sendFile } : {})}
      />
    </Stack>
  );
}
