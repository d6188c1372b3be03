import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconDownload,
  IconFileSpreadsheet,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconX,
} from '@tabler/icons-react';
import type { FormStatus } from '@kelvin/domain';
import { FORM_STATUS_COLOURS } from './formScreenPath.ts';

export interface FormScreenHeaderProps {
  label: string;
  assetName: string;
  assetId: number;
  /** The timer's text, or 'No duration set'. */
  duration: string;
  status: FormStatus;
  /** 'Export to Excel' and 'Download Attachments' show only when the form has values. */
  hasValues: boolean;
  onExport: () => void;
  onDownloadAttachments: () => void;
  exporting: boolean;
  /** Absent in read-only mode: no timer. */
  timer: { running: boolean; onToggle: () => void } | undefined;
  /** The close button at the top; absent when the caller overrides cancel. */
  onClose: (() => void) | undefined;
}

/** Spec (Form screen): the form label, Asset, Id, Duration and Status lines, and the form's buttons. */
export function FormScreenHeader(props: FormScreenHeaderProps) {
  const { timer } = props;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {props.label}
        </Title>
        {props.onClose && (
          <Tooltip label="Close">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Close the form"
              onClick={props.onClose}
            >
              <IconX size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Group gap="lg" role="group" aria-label="Form summary" wrap="wrap" style={{ rowGap: 4 }}>
        <Line name="Asset" value={props.assetName} />
        <Line name="Id" value={String(props.assetId)} />
        <Line name="Duration" value={props.duration} testId="form-duration" />
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            Status
          </Text>
          <Badge variant="light" color={FORM_STATUS_COLOURS[props.status]} data-testid="form-status">
            {props.status}
          </Badge>
        </Group>
      </Group>
      <Group gap="xs">
        {timer && (
          <Button
            size="xs"
            variant={timer.running ? 'filled' : 'light'}
            color={timer.running ? 'orange' : undefined}
            leftSection={
              timer.running ? (
                <IconPlayerPauseFilled size={14} aria-hidden />
              ) : (
                <IconPlayerPlayFilled size={14} aria-hidden />
              )
            }
            onClick={timer.onToggle}
          >
            {timer.running ? 'Pause Timer' : 'Start Timer'}
          </Button>
        )}
        {props.hasValues && (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
              onClick={props.onExport}
              loading={props.exporting}
            >
              Export to Excel
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={props.onDownloadAttachments}
            >
              Download Attachments
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

function Line({ name, value, testId }: { name: string; value: string; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Text size="sm" fw={500} truncate data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
