import { Avatar, Badge, Text } from '@mantine/core';
import type { FileAttachment, FileAttachmentStatus } from '@kelvin/contract';
import { formatFileSize } from '../../shared/formatting/fileSize.ts';
import type { PagedTableColumn, SetFilterDef } from '../../shared/ui/PagedTable.tsx';
import { formatUploadDate, statusLabel } from './uploadFormat.ts';

const statusColor: Record<FileAttachmentStatus, string> = {
  PENDING: 'gray',
  UPLOADED: 'blue',
  SCHEDULED_FOR_PROCESSING: 'indigo',
  PROCESSING: 'yellow',
  INGESTED: 'green',
  ERROR: 'red',
};

/** Spec columns, in order: ID, Request ID, Status (set filter), File Name, ... Failure Reason. */
export function uploadColumns(statusFilter: SetFilterDef): PagedTableColumn<FileAttachment>[] {
  return [
    {
      key: 'id',
      header: 'ID',
      width: 70,
      sortProperty: 'fileAttachmentId',
      firstDirection: 'DESC',
      cell: (row) => row.fileAttachmentId,
    },
    {
      key: 'requestId',
      header: 'Request ID',
      sortProperty: 'requestId',
      cell: (row) => (
        <Text size="xs" ff="monospace">
          {row.requestId}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortProperty: 'status',
      filter: statusFilter,
      cell: (row) => (
        <Badge color={statusColor[row.status]} variant="light">
          {statusLabel(row.status)}
        </Badge>
      ),
    },
    { key: 'filename', header: 'File Name', sortProperty: 'filename', cell: (row) => row.filename },
    {
      key: 'contentType',
      header: 'Content-Type',
      sortProperty: 'contentType',
      cell: (row) => row.contentType,
    },
    {
      key: 'size',
      header: 'File Size',
      sortProperty: 'fileSizeInBytes',
      firstDirection: 'DESC',
      cell: (row) => formatFileSize(row.fileSizeInBytes),
    },
    {
      key: 'user',
      header: 'User',
      sortProperty: 'userName',
      cell: (row) => (
        <Avatar
          name={row.userName}
          color="initials"
          size="sm"
          title={row.userName}
          aria-label={row.userName}
          role="img"
        />
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sortProperty: 'createdAt',
      firstDirection: 'DESC',
      cell: (row) => formatUploadDate(row.createdAt),
    },
    {
      key: 'updated',
      header: 'Updated',
      sortProperty: 'updatedAt',
      firstDirection: 'DESC',
      cell: (row) => formatUploadDate(row.updatedAt),
    },
    { key: 'failure', header: 'Failure Reason', cell: (row) => row.failureReason ?? '' },
  ];
}
