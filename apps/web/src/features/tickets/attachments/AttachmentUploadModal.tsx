import { useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TICKET_ATTACHMENT_DESCRIPTION_MAX } from '@kelvin/contract';
import { UPLOAD_LIMIT_LABEL } from '@kelvin/domain';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { useTicketWriteEffects } from '../comments/ticketWriteEffects.ts';
import { ticketKeys } from '../ticketKeys.ts';
import { ATTACHMENTS_FAILED_MESSAGE, FileQueueList, useFileQueue } from './TicketFileQueue.tsx';

/**
 * Uploads files to a ticket with an optional description, one after another with each one's progress. A file
 * of 300MB or more shows the spec's message as soon as it is picked and is never sent.
 */
export function AttachmentUploadModal({
  opened,
  ticketId,
  onClose,
  sendFile,
}: {
  opened: boolean;
  ticketId: number;
  onClose: () => void;
  sendFile?: FileSender;
}) {
  const queue = useFileQueue(sendFile);
  const [description, setDescription] = useState('');
  const [phase, setPhase] = useState<'select' | 'sending' | 'failed'>('select');
  const effects = useTicketWriteEffects(ticketId, ticketKeys.attachments(ticketId));
  const phone = useMediaQuery('(max-width: 48em)');

  const close = () => {
    queue.clear();
    setDescription('');
    setPhase('select');
    onClose();
  };
  const upload = async () => {
    setPhase('sending');
    const failed = await queue.sendAll({ ticketId, description: description.trim() });
    await effects();
    if (failed > 0) setPhase('failed');
    else close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload files" size="lg" fullScreen={phone}>
      <Stack>
        <Group>
          <FileButton
            multiple
            onChange={queue.add}
            disabled={phase !== 'select'}
            inputProps={{ 'aria-label': 'Select files' }}
          >
            {(props) => (
              <Button variant="light" disabled={phase !== 'select'} {...props}>
                Select files
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            Any kind of file, under {UPLOAD_LIMIT_LABEL} each.
          </Text>
        </Group>
        {queue.files.length === 0 && (
          <Text size="sm" c="dimmed">
            No files selected.
          </Text>
        )}
        <FileQueueList
          files={queue.files}
          busy={phase !== 'select'}
          onRemove={queue.remove}
          label="Selected files"
        />
        <TextInput
          label="Description"
          description="Optional: what the files show, for whoever opens the ticket next."
          maxLength={TICKET_ATTACHMENT_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          disabled={phase !== 'select'}
        />
        {phase === 'failed' && (
          <Alert color="red" role="alert">
            {ATTACHMENTS_FAILED_MESSAGE}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {phase === 'failed' ? 'Close' : 'Cancel'}
          </Button>
          {phase !== 'failed' && (
            <Button
              onClick={() => void upload()}
              loading={phase === 'sending'}
              disabled={queue.waiting === 0}
            >
              Upload
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
