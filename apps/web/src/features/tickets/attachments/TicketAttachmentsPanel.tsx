import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import type { Ticket, TicketAttachment } from '@kelvin/contract';
import { modals } from '../../../app/modals/modalStore.ts';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { formatFileSize } from '../../../shared/formatting/fileSize.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { useTicketAccess } from '../details/ticketAccess.ts';
import { TicketPanelFrame, TicketPanelTable } from '../details/TicketPanelFrame.tsx';
import { AttachmentUploadModal } from './AttachmentUploadModal.tsx';
import {
  downloadTicketFile,
  useDeleteTicketAttachment,
  useTicketAttachments,
} from './ticketAttachmentQueries.ts';

/** A ticket's files (its own and its comments'), with upload, download by signed URL and removal. */
export function TicketAttachmentsPanel({ ticket, sendFile }: { ticket: Ticket; sendFile?: FileSender }) {
  const files = useTicketAttachments(ticket.ticketId);
  const access = useTicketAccess(ticket);
  const me = useCurrentUser().data?.user.userId;
  const remove = useDeleteTicketAttachment(ticket.ticketId);
  const [uploading, setUploading] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const zone = userTimeZone();
  const content = files.data?.content;

  const download = (file: TicketAttachment) => {
    setActionError(null);
    downloadTicketFile(file.ticketAttachmentId).catch((error: unknown) =>
      setActionError(errorMessage(error)),
    );
  };
  const confirmDelete = (file: TicketAttachment) =>
    void modals.danger({
      title: `Delete ${file.filename}?`,
      message: 'The file is removed from the ticket and can no longer be downloaded.',
      okLabel: 'Delete',
      onOk: () => remove.mutateAsync(file.ticketAttachmentId),
    });
  // The server's rule: the uploader, or provider staff who may change the ticket.
  const canDelete = (file: TicketAttachment) => access.canEdit && (file.userId === me || !access.isExternal);

  const rows = content?.map((file) => (
    <Table.Tr key={file.ticketAttachmentId}>
      <Table.Td>
        <Group gap={6} wrap="wrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => download(file)}
            ta="left"
            style={{ overflowWrap: 'anywhere' }}
          >
            {file.filename}
          </Anchor>
          {file.commentId !== null && (
            <Badge size="xs" variant="light" color="gray">
              Comment
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {file.description ?? 'No description'}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatFileSize(file.fileSizeInBytes)}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{file.userName}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(Date.parse(file.createdAt), zone)}
        </Text>
      </Table.Td>
      <Table.Td>
        {canDelete(file) && (
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${file.filename}`}
              onClick={() => confirmDelete(file)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <TicketPanelFrame
      titleId="ticket-attachments-title"
      title={`Attachments${content ? ` (${content.length})` : ''}`}
      button={
        access.canEdit && {
          label: 'Upload file',
          icon: <IconUpload size={14} />,
          onClick: () => setUploading(true),
        }
      }
      notice={
        actionError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setActionError(null)}>
            {actionError}
          </Alert>
        )
      }
      query={files}
      errorTitle="Attachments could not be loaded"
      items={content}
      empty={
        access.canEdit
          ? 'No files yet. Upload photos, reports or service sheets with Upload file.'
          : 'No files attached to this ticket.'
      }
      footer={
        <AttachmentUploadModal
          opened={uploading}
          ticketId={ticket.ticketId}
          onClose={() => setUploading(false)}
          {...(sendFile ? { sendFile } : {})}
        />
      }
    >
      <TicketPanelTable
        label="Attachments"
        scroll
        headers={[
          { label: 'File and description' },
          { label: 'Size', align: 'right' },
          { label: 'Uploaded', visibleFrom: 'sm' },
        ]}
        actionsWidth={48}
        rows={rows}
      />
    </TicketPanelFrame>
  );
}
