import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_LABEL, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { putWithProgress, type FileSender } from './putWithProgress.ts';
import { formatFileSize } from '../../shared/formatting/fileSize.ts';
import { createUploadUrl } from './uploadsQueries.ts';

/** Spec work-management 5 and 8: the words shown for a file at or above the limit. */
export const FAILED_MESSAGE = 'One or more of your selected attachments failed to upload properly.';

type FileState = 'waiting' | 'tooLarge' | 'uploading' | 'done' | 'failed';

interface SelectedFile {
  key: string;
  file: File;
  state: FileState;
  /** 0 to 1. */
  progress: number;
  message?: string;
}

type Phase = 'select' | 'uploading' | 'done';

const buttonLabel: Record<Phase, string> = { select: 'Upload', uploading: 'Uploading...', done: 'ok' };

let nextKey = 0;

function selected(file: File): SelectedFile {
  nextKey += 1;
  const tooLarge = file.size >= UPLOAD_LIMIT_BYTES;
  return {
    key: `${nextKey}`,
    file,
    state: tooLarge ? 'tooLarge' : 'waiting',
    progress: 0,
    ...(tooLarge ? { message: UPLOAD_LIMIT_MESSAGE } : {}),
  };
}

/**
 * The upload modal: pick .gz files, see each one's name, size, progress bar and percent; Upload → Uploading...
 * → ok. A file of 300MB or more shows the spec's message and is never sent. Files go one after another, so
 * that one slow file does not split the bandwidth of the rest.
 */
export function UploadModal({
  opened,
  onClose,
  onUploaded,
  sendFile = putWithProgress,
}: {
  opened: boolean;
  onClose: () => void;
  /** Called once the files have been sent (some may have failed), so that the grid refreshes. */
  onUploaded: () => void;
  sendFile?: FileSender;
}) {
  const [files, setFiles] = useState<SelectedFile[]>([]);
  const [phase, setPhase] = useState<Phase>('select');
  const abort = useRef<AbortController | null>(null);

  const update = (key: string, change: Partial<SelectedFile>) =>
    setFiles((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const reset = () => {
    abort.current?.abort();
    abort.current = null;
    setFiles([]);
    setPhase('select');
  };

  const close = () => {
    const sentSome = files.some((entry) => entry.state === 'done');
    reset();
    if (sentSome) onUploaded();
    onClose();
  };

  const upload = async () => {
    const controller = new AbortController();
    abort.current = controller;
    // A function, not the property: Cancel aborts while this loop awaits, which narrowing cannot see.
    const cancelled = () => controller.signal.aborted;
    setPhase('uploading');
    for (const entry of files.filter((candidate) => candidate.state === 'waiting')) {
      if (cancelled()) return;
      update(entry.key, { state: 'uploading' });
      try {
        const { uploadUrl } = await createUploadUrl(entry.file);
        await sendFile(uploadUrl, entry.file, {
          signal: controller.signal,
          onProgress: (progress) => update(entry.key, { progress }),
        });
        update(entry.key, { state: 'done', progress: 1 });
      } catch (error) {
        if (cancelled()) return;
        update(entry.key, { state: 'failed', message: errorMessage(error) });
      }
    }
    setPhase('done');
    onUploaded();
  };

  const onPrimary = () => {
    if (phase === 'done') {
      reset();
      onClose();
    } else if (phase === 'select') {
      void upload();
    }
  };

  const anyFailed = files.some((entry) => entry.state === 'failed');
  const canUpload = files.some((entry) => entry.state === 'waiting');

  return (
    <Modal opened={opened} onClose={close} title="Upload Asset Data" size="lg">
      <Stack>
        <Group>
          <FileButton
            multiple
            accept=".gz"
            onChange={(picked) => setFiles((current) => [...current, ...picked.map(selected)])}
            disabled={phase !== 'select'}
            inputProps={{ 'aria-label': 'Select .gz files' }}
          >
            {(props) => (
              <Button variant="light" disabled={phase !== 'select'} {...props}>
                Select files
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            Gzip CSV or NDJSON files of asset data (.gz), under {UPLOAD_LIMIT_LABEL} each.
          </Text>
        </Group>
        {files.length === 0 ? (
          <Text c="dimmed">No files selected.</Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Selected files"
          >
            {files.map((entry) => (
              <FileRow key={entry.key} entry={entry} />
            ))}
          </Stack>
        )}
        {phase === 'done' && anyFailed && (
          <Alert color="red" role="alert">
            {FAILED_MESSAGE}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={onPrimary} disabled={phase === 'uploading' || (phase === 'select' && !canUpload)}>
            {buttonLabel[phase]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FileRow({ entry }: { entry: SelectedFile }) {
  const percent = Math.round(entry.progress * 100);
  return (
    <li>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500} truncate>
          {entry.file.name}
        </Text>
        <Text size="sm" c="dimmed">
          {formatFileSize(entry.file.size)}
        </Text>
      </Group>
      {entry.state !== 'tooLarge' && (
        <Group wrap="nowrap" gap="xs">
          <Progress.Root style={{ flex: 1 }}>
            <Progress.Section
              value={percent}
              color={entry.state === 'failed' ? 'red' : entry.state === 'done' ? 'green' : 'blue'}
              aria-label={`Upload progress of ${entry.file.name}`}
            />
          </Progress.Root>
          <Text size="sm" w={40} ta="right">
            {percent}%
          </Text>
        </Group>
      )}
      {entry.message && (
        <Text size="sm" c="red">
          {entry.message}
        </Text>
      )}
    </li>
  );
}
