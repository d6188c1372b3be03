import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { cancelReasonSchema, MAINTENANCE_CANCEL_REASON_MAX, type MaintenanceWindow } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { formatWindowSpan } from './maintenanceFormat.ts';
import { useCancelMaintenanceWindows } from './maintenanceQueries.ts';

/** Cancels one window, with the reason the spec requires; an active window ends at once. */
export function CancelWindowForm({ window, onDone }: { window: MaintenanceWindow; onDone: () => void }) {
  const cancel = useCancelMaintenanceWindows();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setServerError(null);
    const parsed = cancelReasonSchema.safeParse(reason);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Cancel reason is required'));
    if (!parsed.success) return;
    try {
      await cancel
        .mutateAsync([
          { assetMaintenanceWindowId: window.assetMaintenanceWindowId, cancelReason: parsed.data },
        ])
        .catch(failWithToast);
      toastsFor('Maintenance window canceled').onSuccess();
      onDone();
    } catch (caught) {
      setServerError(errorMessage(caught));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Cancel maintenance window">
      <Stack>
        <div>
          <Text fw={500}>{window.description}</Text>
          <Text size="sm" c="dimmed">
            {window.assetName} · {formatWindowSpan(window)} ({window.timeZoneId})
          </Text>
        </div>
        {window.state === 'ACTIVE' && (
          <Text size="sm">The window is active: canceling it ends maintenance mode for its units now.</Text>
        )}
        <Textarea
          label="Cancel reason"
          description="Kept with the window, so that others know why it was canceled."
          required
          rows={3}
          maxLength={MAINTENANCE_CANCEL_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {serverError !== null && (
          <Alert color="red" title="Not canceled" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Keep window
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Cancel window
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
