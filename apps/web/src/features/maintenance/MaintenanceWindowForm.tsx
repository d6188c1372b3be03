import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  MAINTENANCE_DESCRIPTION_MAX,
  maintenanceDescriptionSchema,
  maintenanceTimeWindowSchema,
  timeZoneIdSchema,
  type MaintenanceWindow,
} from '@kelvin/contract';
import { coversUnitsBeneath, fromZonedLocal, toZonedLocal } from '@kelvin/domain';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { TimeZonePicker } from '../diagnose/TimeZonePicker.tsx';
import { DEFAULT_WINDOW_HOURS, nextWholeHour } from './maintenanceFormat.ts';
import { useCreateMaintenanceWindow, useUpdateMaintenanceWindow } from './maintenanceQueries.ts';

/** The asset a new window is for. */
export interface MaintenanceAsset {
  assetId: number;
  assetTypeId: number;
  name: string;
}

export type MaintenanceFormTarget =
  { kind: 'create'; asset: MaintenanceAsset } | { kind: 'edit'; window: MaintenanceWindow };

interface Draft {
  description: string;
  timeZoneId: string;
  /** Wall-clock times in the draft's zone, 'YYYY-MM-DD HH:mm:ss', as the date-time pickers read and write them. */
  from: string | null;
  to: string | null;
}

type Errors = Partial<Record<'description' | 'timeZoneId' | 'from' | 'to', string>>;

const HOUR = 3_600_000;

function initialDraft(target: MaintenanceFormTarget, now: number): Draft {
  if (target.kind === 'edit') {
    const { window } = target;
    return {
      description: window.description,
      timeZoneId: window.timeZoneId,
      from: toZonedLocal(Date.parse(window.timeWindow.from), window.timeZoneId),
      to: toZonedLocal(Date.parse(window.timeWindow.to), window.timeZoneId),
    };
  }
  const zone = userTimeZone();
  const start = nextWholeHour(now);
  return {
    description: '',
    timeZoneId: zone,
    from: toZonedLocal(start, zone),
    to: toZonedLocal(start + DEFAULT_WINDOW_HOURS * HOUR, zone),
  };
}

/** The draft as the call's fields, or what is wrong with it, field by field (the contract's own messages). */
function readDraft(draft: Draft, now: number) {
  const errors: Errors = {};
  const description = maintenanceDescriptionSchema.safeParse(draft.description);
  if (!description.success) errors.description = description.error.issues[0]?.message;
  const zone = timeZoneIdSchema.safeParse(draft.timeZoneId);
  if (!zone.success) errors.timeZoneId = zone.error.issues[0]?.message;
  const from = draft.from === null || !zone.success ? undefined : fromZonedLocal(draft.from, zone.data);
  const to = draft.to === null || !zone.success ? undefined : fromZonedLocal(draft.to, zone.data);
  if (from === undefined) errors.from ??= 'Choose when the maintenance starts';
  if (to === undefined) errors.to ??= 'Choose when the maintenance ends';
  let timeWindow: { from: string; to: string } | undefined;
  if (from !== undefined && to !== undefined) {
    timeWindow = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    const checked = maintenanceTimeWindowSchema.safeParse(timeWindow);
    if (!checked.success) errors.to = checked.error.issues[0]?.message;
    else if (to <= now) errors.to = 'The window has already ended: its end must be in the future.';
  }
  if (Object.keys(errors).length > 0 || !description.success || !zone.success || !timeWindow)
    return { errors };
  return { fields: { description: description.data, timeZoneId: zone.data, timeWindow } };
}

/**
 * Plans a maintenance window on an asset, or changes one: what is done, and when, as wall-clock times in the
 * chosen zone (a technician in Paris planning work in a Tokyo hall types Tokyo times). Changing the zone keeps
 * the times typed and reads them in the new zone.
 */
export function MaintenanceWindowForm({
  target,
  onDone,
}: {
  target: MaintenanceFormTarget;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(() => initialDraft(target, Date.now()));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateMaintenanceWindow();
  const update = useUpdateMaintenanceWindow();
  const pending = create.isPending || update.isPending;
  const assetTypeId = target.kind === 'create' ? target.asset.assetTypeId : target.window.assetTypeId;
  const assetName = target.kind === 'create' ? target.asset.name : target.window.assetName;
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  // Work that begins as the window is planned: from this minute, the end kept when it is still after it.
  function startNow() {
    const now = Date.now();
    const from = toZonedLocal(Math.floor(now / 60_000) * 60_000, draft.timeZoneId);
    const end = draft.to === null ? undefined : fromZonedLocal(draft.to, draft.timeZoneId);
    const to =
      end !== undefined && end > now
        ? draft.to
        : toZonedLocal(now + DEFAULT_WINDOW_HOURS * HOUR, draft.timeZoneId);
    change({ from, to });
  }

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    setServerError(null);
    const read = readDraft(draft, Date.now());
    setErrors(read.errors ?? {});
    if (!read.fields) return;
    try {
      if (target.kind === 'create') {
        await create.mutateAsync({ assetId: target.asset.assetId, ...read.fields }).catch(failWithToast);
        toastsFor('Maintenance window planned').onSuccess();
      } else {
        const id = target.window.assetMaintenanceWindowId;
        await update.mutateAsync({ assetMaintenanceWindowId: id, ...read.fields }).catch(failWithToast);
        toastsFor('Maintenance window saved').onSuccess();
      }
      onDone();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={target.kind === 'create' ? 'Plan maintenance' : 'Edit maintenance window'}
    >
      <Stack>
        <Text size="sm">
          {coversUnitsBeneath(assetTypeId)
            ? `Covers every unit in ${assetName}, including units added later.`
            : `Covers ${assetName}.`}{' '}
          While the window is active its units show as maintenance mode.
        </Text>
        <Textarea
          label="Description"
          description="What is being done, so that others know why the units are in maintenance."
          required
          rows={3}
          maxLength={MAINTENANCE_DESCRIPTION_MAX}
          value={draft.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={errors.description}
          data-autofocus
        />
        <TimeZonePicker
          value={draft.timeZoneId}
          onChange={(timeZoneId) => change({ timeZoneId })}
          width="100%"
        />
        {errors.timeZoneId && (
          <Text size="xs" c="red">
            {errors.timeZoneId}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateTimePicker
            label="Start"
            required
            valueFormat="MM/DD/YYYY hh:mm A"
            value={draft.from}
            onChange={(from) => change({ from })}
            error={errors.from}
            popoverProps={{ withinPortal: true }}
          />
          <DateTimePicker
            label="End"
            required
            valueFormat="MM/DD/YYYY hh:mm A"
            value={draft.to}
            onChange={(to) => change({ to })}
            error={errors.to}
            popoverProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Times in {draft.timeZoneId}.
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={startNow}>
            Start now
          </Button>
        </Group>
        {serverError !== null && (
          <Alert color="red" title={target.kind === 'create' ? 'Not planned' : 'Not saved'} role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {target.kind === 'create' ? 'Plan maintenance' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
