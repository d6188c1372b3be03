import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { TICKET_COMMENT_MAX, type TicketComment, type TicketVisibility } from '@kelvin/contract';
import { modals } from '../../../app/modals/modalStore.ts';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { formatFileSize } from '../../../shared/formatting/fileSize.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { downloadTicketFile } from '../attachments/ticketAttachmentQueries.ts';
import { asVisibility, visibilityOptions } from './CommentComposer.tsx';
import { useDeleteComment, useUpdateComment } from './ticketCommentQueries.ts';

export function VisibilityBadge({ visibility }: { visibility: TicketVisibility }) {
  return (
    <Badge size="sm" variant="light" color={visibility === 'EXTERNAL' ? 'blue' : 'gray'}>
      {visibility === 'EXTERNAL' ? 'External' : 'Internal'}
    </Badge>
  );
}

/** One comment: author, time in the user's zone, visibility, text and files; its author may edit or delete it. */
export function CommentItem({
  comment,
  canChange,
  canSetVisibility,
  showVisibility,
}: {
  comment: TicketComment;
  /** External users see External comments only: a badge saying so would tell them nothing. */
  showVisibility: boolean;
  /** The signed-in user wrote it and may change the ticket. */
  canChange: boolean;
  canSetVisibility: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const remove = useDeleteComment(comment.ticketId);
  const zone = userTimeZone();
  const edited = comment.updatedAt !== comment.createdAt && !comment.isDeleted;

  const confirmDelete = () =>
    void modals.danger({
      title: 'Delete this comment?',
      message: 'It stays in the list marked as deleted, without its text and files.',
      okLabel: 'Delete',
      onOk: () => remove.mutateAsync(comment.commentId),
    });
  const download = (ticketAttachmentId: number) => {
    setDownloadError(null);
    downloadTicketFile(ticketAttachmentId).catch((error: unknown) => setDownloadError(errorMessage(error)));
  };

  return (
    <Paper withBorder p="sm" component="li" aria-label={`Comment by ${comment.userName}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {comment.userName}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
              {formatDateTime(Date.parse(comment.createdAt), zone)}
              {edited ? ' (edited)' : ''}
            </Text>
            {showVisibility && <VisibilityBadge visibility={comment.visibility} />}
          </Group>
          {canChange && !comment.isDeleted && !editing && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Edit comment"
                  onClick={() => setEditing(true)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label="Delete comment" onClick={confirmDelete}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {comment.isDeleted ? (
          <Text size="sm" c="dimmed" fs="italic">
            This comment was deleted.
          </Text>
        ) : editing ? (
          <CommentEditor
            comment={comment}
            canSetVisibility={canSetVisibility}
            onDone={() => setEditing(false)}
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.comment}
          </Text>
        )}
        {comment.commentAttachments.length > 0 && (
          <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comment files">
            {comment.commentAttachments.map((file) => (
              <Group component="li" key={file.ticketAttachmentId} gap={4} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => download(file.ticketAttachmentId)}
                >
                  {file.filename}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.fileSizeInBytes)}
                </Text>
              </Group>
            ))}
          </Group>
        )}
        {downloadError && (
          <Text size="sm" c="red" role="alert">
            {downloadError}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function CommentEditor({
  comment,
  canSetVisibility,
  onDone,
}: {
  comment: TicketComment;
  canSetVisibility: boolean;
  onDone: () => void;
}) {
  const [text, setText] = useState(comment.comment);
  const [visibility, setVisibility] = useState<TicketVisibility>(comment.visibility);
  const update = useUpdateComment(comment.ticketId);
  const save = () =>
    update.mutate(
      { commentId: comment.commentId, comment: text, ...(canSetVisibility ? { visibility } : {}) },
      { onSuccess: onDone },
    );
  return (
    <Stack gap="xs">
      <Textarea
        aria-label="Comment text"
        autosize
        minRows={2}
        maxRows={10}
        maxLength={TICKET_COMMENT_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      {update.error && (
        <Alert color="red" role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        {canSetVisibility ? (
          <SegmentedControl
            aria-label="Visibility"
            size="xs"
            data={visibilityOptions}
            value={visibility}
            onChange={(value) => setVisibility(asVisibility(value))}
          />
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
          <Button size="xs" onClick={save} loading={update.isPending} disabled={text.trim() === ''}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
