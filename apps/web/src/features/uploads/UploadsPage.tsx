import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { fileAttachmentStatuses, type FileAttachmentStatus } from '@kelvin/contract';
import { PagedTable, pageRange, type PagedTableSort } from '../../shared/ui/PagedTable.tsx';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { uploadColumns } from './uploadColumns.tsx';
import { UploadModal } from './UploadModal.tsx';
import { UPLOADS_PAGE_SIZE, isUploadStatus, statusOptions } from './uploadFormat.ts';
import { useRefreshUploads, useUploads } from './uploadsQueries.ts';
import type { FileSender } from './putWithProgress.ts';

/** Route uploads: asset data uploads of the user's companies in the console's server-paged grid, and the upload modal. */
export function UploadsPage({ sendFile }: { sendFile?: FileSender } = {}) {
  const [pageNumber, setPageNumber] = useState(0);
  const [statuses, setStatuses] = useState<FileAttachmentStatus[]>([...fileAttachmentStatuses]);
  const [sort, setSort] = useState<PagedTableSort | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const uploads = useUploads(pageNumber, statuses, sort);
  const refresh = useRefreshUploads();
  const totalSize = uploads.data?.pageable.totalSize;
  const filtered = statuses.length < fileAttachmentStatuses.length;
  const columns = uploadColumns({
    options: statusOptions,
    selected: statuses,
    onChange: (next) => {
      setStatuses(next.filter(isUploadStatus));
      setPageNumber(0);
    },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Uploads</Title>
        <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
          Upload Asset Data
        </Button>
      </Group>
      <Group justify="space-between">
        <Text aria-live="polite" fw={500}>
          {totalSize === undefined ? '' : `${totalSize} Uploads Found`}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void refresh()}
          loading={uploads.isFetching && !uploads.isPending}
        >
          Refresh
        </Button>
      </Group>
      {uploads.isError && (
        <QueryError label="uploads" error={uploads.error} onRetry={() => void uploads.refetch()} />
      )}
      <PagedTable
        label="Uploads"
        columns={columns}
        rows={uploads.isError ? [] : uploads.data?.content}
        rowKey={(row) => row.fileAttachmentId}
        totalSize={totalSize}
        pageSize={UPLOADS_PAGE_SIZE}
        pageNumber={pageNumber}
        onPageChange={setPageNumber}
        fetching={uploads.isPlaceholderData}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPageNumber(0);
        }}
        countLabel={(n) => pageRange(pageNumber, UPLOADS_PAGE_SIZE, n)}
        minWidth={1100}
        cardsBelow="48em"
        columnsKey="uploads"
        empty={
          statuses.length === 0
            ? 'No status is chosen: choose one or more in the Status filter.'
            : filtered
              ? 'No uploads have the chosen statuses.'
              : 'No asset data has been uploaded yet. Use Upload Asset Data to send .gz files.'
        }
      />
      <UploadModal
        opened={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => void refresh()}
        {...(sendFile ? { sendFile } : {})}
      />
    </Stack>
  );
}
