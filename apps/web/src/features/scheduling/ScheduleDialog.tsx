import { useState, type SyntheticEvent } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import type { ScheduleConflict } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { ScheduleConflictList, conflictSummary } from './ScheduleConflicts.tsx';
import { ScheduleFormFields } from './ScheduleFormFields.tsx';
import {
  initialDraft,
  readDraft,
  type DraftErrors,
  type ScheduleDraft,
  type ScheduleTarget,
} from './scheduleDraft.ts';
import { SCHEDULE_TYPE_STYLES } from './scheduleTypeStyle.ts';
import {
  fetchConflicts,
  useConfirmSchedule,
  useCreateSchedule,
  useDeleteSchedule,
  useUpdateSchedule,
} from './schedulingQueries.ts';

interface Props {
  target: ScheduleTarget;
  /** The screen's zone: a new entry's times are read in it. */
  timeZone: string;
  style: 'US' | 'EU';
  canWriteCompany: (companyId: number) => boolean;
  onClose: () => void;
}

/**
 * An entry, new or planned: every field, and before saving the technicians' double bookings and time off, so
 * that the planner saves anyway knowingly or changes the plan. Read-only without schedules:write on the company.
 */
export function ScheduleDialog({ target, timeZone, style, canWriteCompany, onClose }: Props) {
  const [draft, setDraft] = useState(() => initialDraft(target, timeZone));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [conflicts, setConflicts] = useState<ScheduleConflict[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const confirm = useConfirmSchedule();
  const remove = useDeleteSchedule();
  const entry = target.kind === 'edit' ? target.entry : null;
  const readOnly = entry !== null ? !canWriteCompany(entry.companyId) : false;
  const saving = checking || create.isPending || update.isPending || confirm.isPending;

  const change = (next: Partial<ScheduleDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    // The clashes were for the times and people asked about: a change asks again on the next save.
    setConflicts(null);
  };

  async function save(anyway: boolean) {
    setServerError(null);
    const read = readDraft(draft);
    setErrors(read.errors);
    const fields = read.fields;
    if (!fields) return;
    try {
      if (!anyway) {
        setChecking(true);
        const found = await fetchConflicts({
          startsAt: fields.startsAt,
          endsAt: fields.endsAt,
          resourceIds: fields.resourceIds,
          ...(entry ? { scheduleId: entry.scheduleId } : {}),
        }).finally(() => setChecking(false));
        if (found.content.length > 0) {
          setConflicts(found.content);
          return;
        }
      }
      if (entry === null) {
        await create.mutateAsync(fields);
        notify({ kind: 'success', message: 'Entry planned' });
      } else {
        const { companyId: _company, confirmed, ...changes } = fields;
        await update.mutateAsync({ scheduleId: entry.scheduleId, ...changes });
        if (confirmed !== entry.confirmed)
          await confirm.mutateAsync({ scheduleId: entry.scheduleId, confirmed });
        notify({ kind: 'success', message: 'Entry saved' });
      }
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
      notify({ kind: 'danger', message: errorMessage(error) });
    }
  }

  function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    void save(conflicts !== null);
  }

  function askDelete() {
    if (!entry) return;
    void modals.danger({
      title: 'Delete entry',
      message: `Delete '${entry.title}'? The technicians no longer see it in their calendars.`,
      okLabel: 'Delete',
      onOk: async () => {
        try {
          await remove.mutateAsync(entry.scheduleId);
        } catch (error) {
          notify({ kind: 'danger', message: errorMessage(error) });
          return false;
        }
        notify({ kind: 'success', message: 'Entry deleted' });
        onClose();
        return true;
      },
    });
  }

  const title = entry === null ? 'New entry' : readOnly ? entry.title : `Edit: ${entry.title}`;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={false} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {entry && (
            <Group gap="xs">
              <Badge color={SCHEDULE_TYPE_STYLES[entry.type].color} variant="light">
                {SCHEDULE_TYPE_STYLES[entry.type].label}
              </Badge>
              <Badge color={entry.confirmed ? 'green' : 'gray'} variant="outline">
                {entry.confirmed ? 'Confirmed' : 'Unconfirmed'}
              </Badge>
              {readOnly && (
                <Text size="xs" c="dimmed">
                  Read only: you may see this schedule but not change it.
                </Text>
              )}
            </Group>
          )}
          <ScheduleFormFields
            draft={draft}
            errors={errors}
            onChange={change}
            readOnly={readOnly}
            companyFixed={entry !== null}
            currentTicket={
              entry?.ticketId ? { ticketId: entry.ticketId, title: entry.ticketTitle ?? '' } : null
            }
            canWriteCompany={canWriteCompany}
            style={style}
          />
          {conflicts && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={conflictSummary(conflicts)}
              role="alert"
            >
              <Stack gap="xs">
                <ScheduleConflictList conflicts={conflicts} timeZone={draft.timeZoneId} />
                <Text size="sm">Save anyway, or change the time or the technicians.</Text>
              </Stack>
            </Alert>
          )}
          {serverError && (
            <Alert color="red" title="Not saved" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="space-between">
            {entry && !readOnly ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={askDelete}
                loading={remove.isPending}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {readOnly ? 'Close' : 'Cancel'}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={saving} color={conflicts ? 'red' : undefined}>
                  {conflicts ? 'Save anyway' : 'Save'}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
