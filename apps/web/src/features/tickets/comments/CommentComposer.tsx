import { useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { TICKET_COMMENT_MAX, type TicketVisibility } from '@kelvin/contract';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { ATTACHMENTS_FAILED_MESSAGE, FileQueueList, useFileQueue } from '../attachments/TicketFileQueue.tsx';
import { useCommentEffects, useCreateComment } from './ticketCommentQueries.ts';

export const visibilityOptions = [
  { value: 'INTERNAL', label: 'Internal' },
  { value: 'EXTERNAL', label: 'External' },
];

export function asVisibility(value: string): TicketVisibility {
  return value === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL';
}

/**
 * Writes a comment, Internal unless the writer picks External (external users get no choice: theirs are
 * External), with files sent after the comment exists, each with its progress.
 */
export function CommentComposer({
  ticketId,
  canSetVisibility,
  sendFile,
}: {
  ticketId: number;
  canSetVisibility: boolean;
  sendFile?: FileSender;
}) {
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<TicketVisibility>('INTERNAL');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queue = useFileQueue(sendFile);
  const create = useCreateComment(ticketId);
  const effects = useCommentEffects(ticketId);

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const comment = await create.mutateAsync({
        comment: text,
        ...(canSetVisibility ? { visibility } : {}),
      });
      const failed = await queue.sendAll({ ticketId, commentId: comment.commentId });
      setText('');
      if (failed > 0) setError(ATTACHMENTS_FAILED_MESSAGE);
      else queue.clear();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
      await effects();
    }
  };

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-label="New comment"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="New comment"
          placeholder="Write what was found or done"
          autosize
          minRows={2}
          maxRows={10}
          maxLength={TICKET_COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          disabled={busy}
        />
        <FileQueueList files={queue.files} busy={busy} onRemove={queue.remove} label="Files to attach" />
        {error && (
          <Alert color="red" role="alert" title="The comment was not saved in full">
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {canSetVisibility && (
              <SegmentedControl
                aria-label="Visibility"
                size="xs"
                data={visibilityOptions}
                value={visibility}
                onChange={(value) => setVisibility(asVisibility(value))}
                disabled={busy}
              />
            )}
            <FileButton
              multiple
              onChange={queue.add}
              disabled={busy}
              inputProps={{ 'aria-label': 'Attach files' }}
            >
              {(props) => (
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPaperclip size={14} />}
                  disabled={busy}
                  {...props}
                >
                  Attach files
                </Button>
              )}
            </FileButton>
          </Group>
          <Button type="submit" size="xs" loading={busy} disabled={text.trim() === ''}>
            Add comment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
