import { Avatar, Badge, Table, Text } from '@mantine/core';
import type { FileAttachment, FileAttachmentStatus } from '@kelvin/contract';
import { formatFileSize } from '../../shared/formatting/fileSize.ts';
import { formatUploadDate, statusLabel } from './uploadFormat.ts';

const statusColor: Record<FileAttachmentStatus, string> = {
  PENDING: 'gray',
  UPLOADED: 'blue',
  SCHEDULED_FOR_PROCESSING: 'indigo',
  PROCESSING: 'yellow',
  INGESTED: 'green',
  ERROR: 'red',
};

/** Spec columns, in order. */
export const UPLOAD_COLUMNS = [
  'ID',
  'Request ID',
  'Status',
  'File Name',
  'Content-Type',
  'File Size',
  'User',
  'Created',
  'Updated',
  'Failure Reason',
] as const;

/** One server page of uploads. */
export function UploadsTable({ rows }: { rows: readonly FileAttachment[] }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover aria-label="Uploads">
        <Table.Thead>
          <Table.Tr>
            {UPLOAD_COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.fileAttachmentId}>
              <Table.Td>{row.fileAttachmentId}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {row.requestId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[row.status]} variant="light">
                  {statusLabel(row.status)}
                </Badge>
              </Table.Td>
              <Table.Td>{row.filename}</Table.Td>
              <Table.Td>{row.contentType}</Table.Td>
              <Table.Td>{formatFileSize(row.fileSizeInBytes)}</Table.Td>
              <Table.Td>
                <Avatar
                  name={row.userName}
                  color="initials"
                  size="sm"
                  title={row.userName}
                  aria-label={row.userName}
                  role="img"
                />
              </Table.Td>
              <Table.Td>{formatUploadDate(row.createdAt)}</Table.Td>
              <Table.Td>{formatUploadDate(row.updatedAt)}</Table.Td>
              <Table.Td>{row.failureReason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
