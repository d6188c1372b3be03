import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp, IconPaperclip, IconTrash, IconX } from '@tabler/icons-react';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MESSAGE } from '@kelvin/domain';
import { notify } from '../../../app/toasts/toasts.ts';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { formatFileSize } from '../../../shared/formatting/fileSize.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { openFormAttachment, type FormAttachmentData } from '../formsQueries.ts';

/** The attachment changes waiting for the next save: files to upload and existing ones marked for deletion. */
export interface PendingAttachments {
  uploads: readonly File[];
  deletions: ReadonlySet<number>;
}

export const NO_PENDING_ATTACHMENTS: PendingAttachments = { uploads: [], deletions: new Set() };

/**
 * Spec: files at or above the limit are refused with the spec's message and nothing of them is sent; the rest are
 * kept for the save.
 */
export function acceptedFiles(files: readonly File[]): { accepted: File[]; refused: File[] } {
  const accepted = files.filter((file) => file.size < UPLOAD_LIMIT_BYTES);
  return { accepted, refused: files.filter((file) => file.size >= UPLOAD_LIMIT_BYTES) };
}

function download(file: FormAttachmentData) {
  openFormAttachment(file.formAttachmentId).catch((error: unknown) =>
    notify({ kind: 'danger', message: errorMessage(error) }),
  );
}

/**
 * The form's files: 'Select file(s)' (several at once), the files picked for the next save, and the existing
 * attachments, each opened by its signed URL in a new tab and each with a delete toggle (deleted at the save).
 */
export function FormAttachments({
  attachments,
  pending,
  onChange,
  readOnly,
  timeZone,
}: {
  attachments: readonly FormAttachmentData[] | undefined;
  pending: PendingAttachments;
  onChange: (pending: PendingAttachments) => void;
  readOnly: boolean;
  timeZone: string;
}) {
  const [refused, setRefused] = useState<string[]>([]);
  const pick = (files: File[]) => {
    const { accepted, refused: tooLarge } = acceptedFiles(files);
    setRefused(tooLarge.map((file) => file.name));
    if (accepted.length > 0) onChange({ ...pending, uploads: [...pending.uploads, ...accepted] });
  };
  const toggleDeletion = (formAttachmentId: number) => {
    const deletions = new Set(pending.deletions);
    if (deletions.has(formAttachmentId)) deletions.delete(formAttachmentId);
    else deletions.add(formAttachmentId);
    onChange({ ...pending, deletions });
  };
  const unpick = (index: number) =>
    onChange({ ...pending, uploads: pending.uploads.filter((_, at) => at !== index) });

  return (
    <Stack gap="xs" component="section" aria-labelledby="form-attachments-title">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h5" id="form-attachments-title">
          Attachments
        </Title>
        {!readOnly && (
          <FileButton multiple onChange={pick}>
            {(props) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPaperclip size={14} aria-hidden />}
                {...props}
              >
                Select file(s)
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {refused.length > 0 && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRefused([])} p="xs">
          {refused.map((name) => (
            <Text key={name} size="sm">
              {name}: {UPLOAD_LIMIT_MESSAGE}
            </Text>
          ))}
        </Alert>
      )}
      {pending.uploads.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Files to upload">
          {pending.uploads.map((file, index) => (
            <Group
              key={`${file.name}-${index}`}
              component="li"
              gap="xs"
              wrap="nowrap"
              justify="space-between"
            >
              <Text size="sm" truncate style={{ minWidth: 0 }}>
                {file.name}{' '}
                <Text span size="xs" c="dimmed">
                  {formatFileSize(file.size)} · uploaded at the save
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Do not upload ${file.name}`}
                onClick={() => unpick(index)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {attachments === undefined ? (
        <Text size="sm" c="dimmed" role="status">
          Loading the attachments…
        </Text>
      ) : attachments.length === 0 ? (
        pending.uploads.length === 0 && (
          <Text size="sm" c="dimmed">
            No attachments yet.
          </Text>
        )
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Form attachments">
          {attachments.map((file) => {
            const marked = pending.deletions.has(file.formAttachmentId);
            return (
              <Group
                key={file.formAttachmentId}
                component="li"
                gap="xs"
                wrap="nowrap"
                justify="space-between"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    truncate
                    ta="left"
                    maw="100%"
                    td={marked ? 'line-through' : undefined}
                    onClick={() => download(file)}
                  >
                    {file.filename}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate>
                    {formatFileSize(file.fileSizeInBytes)} · {file.createdByName} ·{' '}
                    {formatDateTime(Date.parse(file.createdAt), timeZone)}
                    {marked ? ' · deleted at the save' : ''}
                  </Text>
                </Stack>
                {!readOnly && (
                  <Tooltip label={marked ? 'Keep this file' : 'Delete at the save'}>
                    <ActionIcon
                      variant={marked ? 'filled' : 'subtle'}
                      color={marked ? 'gray' : 'red'}
                      aria-pressed={marked}
                      aria-label={`Delete ${file.filename}`}
                      onClick={() => toggleDeletion(file.formAttachmentId)}
                    >
                      {marked ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
