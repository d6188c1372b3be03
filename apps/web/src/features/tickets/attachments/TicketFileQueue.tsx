import { useRef, useState } from 'react';
import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { formatFileSize } from '../../../shared/formatting/fileSize.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import type { FileSender } from '../../uploads/putWithProgress.ts';
import { fileTooLarge, sendTicketFile, type TicketFileTarget } from './ticketAttachmentQueries.ts';

/** Spec (section 8): shown when any selected file could not be sent. */
export const ATTACHMENTS_FAILED_MESSAGE =
  'One or more of your selected attachments failed to upload properly.';

type QueuedState = 'waiting' | 'tooLarge' | 'uploading' | 'done' | 'failed';

export interface QueuedFile {
  key: string;
  file: File;
  state: QueuedState;
  /** 0 to 1. */
  progress: number;
  message?: string;
}

let nextKey = 0;

function queued(file: File): QueuedFile {
  nextKey += 1;
  const refused = fileTooLarge(file);
  return {
    key: String(nextKey),
    file,
    state: refused ? 'tooLarge' : 'waiting',
    progress: 0,
    ...(refused ? { message: refused } : {}),
  };
}

/**
 * Files chosen for a ticket or comment, sent one after another with their progress. A file at or over the limit
 * shows the spec's message at once and is never sent.
 */
export function useFileQueue(sendFile?: FileSender) {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const abort = useRef<AbortController | null>(null);
  const update = (key: string, change: Partial<QueuedFile>) =>
    setFiles((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  /** Sends the waiting files; answers how many failed. */
  const sendAll = async (target: TicketFileTarget): Promise<number> => {
    const controller = new AbortController();
    abort.current = controller;
    let failed = 0;
    for (const entry of files.filter((candidate) => candidate.state === 'waiting')) {
      if (controller.signal.aborted) break;
      update(entry.key, { state: 'uploading' });
      try {
        await sendTicketFile(entry.file, target, {
          signal: controller.signal,
          onProgress: (progress) => update(entry.key, { progress }),
          ...(sendFile ? { sendFile } : {}),
        });
        update(entry.key, { state: 'done', progress: 1 });
      } catch (error) {
        failed += 1;
        update(entry.key, { state: 'failed', message: errorMessage(error) });
      }
    }
    return failed;
  };

  return {
    files,
    waiting: files.filter((entry) => entry.state === 'waiting').length,
    add: (picked: readonly File[]) => setFiles((current) => [...current, ...picked.map(queued)]),
    remove: (key: string) => setFiles((current) => current.filter((entry) => entry.key !== key)),
    clear: () => {
      abort.current?.abort();
      setFiles([]);
    },
    sendAll,
  };
}

/** The chosen files with name, size, progress and any refusal; removable until sending starts. */
export function FileQueueList({
  files,
  busy,
  onRemove,
  label,
}: {
  files: readonly QueuedFile[];
  busy: boolean;
  onRemove: (key: string) => void;
  label: string;
}) {
  if (files.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {files.map((entry) => {
        const percent = Math.round(entry.progress * 100);
        return (
          <li key={entry.key}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} truncate>
                {entry.file.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(entry.file.size)}
                </Text>
                {!busy && entry.state !== 'done' && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${entry.file.name}`}
                    onClick={() => onRemove(entry.key)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
            {entry.state !== 'tooLarge' && entry.state !== 'waiting' && (
              <Group wrap="nowrap" gap="xs">
                <Progress.Root style={{ flex: 1 }}>
                  <Progress.Section
                    value={percent}
                    color={entry.state === 'failed' ? 'red' : entry.state === 'done' ? 'green' : 'blue'}
                    aria-label={`Upload progress of ${entry.file.name}`}
                  />
                </Progress.Root>
                <Text size="xs" w={36} ta="right">
                  {percent}%
                </Text>
              </Group>
            )}
            {entry.message && (
              <Text size="sm" c="red" role="alert">
                {entry.message}
              </Text>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
