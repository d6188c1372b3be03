import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import type { FormDraftState } from './useFormDraft.ts';

/** Says that this form waits on the device, and when it will go: at once with a network, or when it returns. */
export function FormDraftBanner({ state, timeZone }: { state: FormDraftState; timeZone: string }) {
  const { draft } = state;
  if (!draft) return null;
  const savedAt = Date.parse(draft.savedAt);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCloudOff size={18} aria-hidden />}
      title="Saved on this device, not sent yet"
      maw={960}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          Saved at {Number.isFinite(savedAt) ? formatDateTime(savedAt, timeZone) : draft.savedAt}.{' '}
          {state.online
            ? 'It is being sent to the server.'
            : 'It will be sent when the network is back; keep filling in the form meanwhile.'}
        </Text>
        {draft.newAttachments.length > 0 && (
          <Text size="sm">
            Files waiting to be sent: {draft.newAttachments.map((file) => file.filename).join(', ')}
          </Text>
        )}
        {state.online && (
          <Button size="xs" variant="light" loading={state.sending} onClick={() => void state.send()}>
            Send now
          </Button>
        )}
      </Group>
    </Alert>
  );
}
