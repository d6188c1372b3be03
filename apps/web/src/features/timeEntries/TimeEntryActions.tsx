import { useState } from 'react';
import { ActionIcon, Group, Modal, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TimeEntry } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { TimeEntryForm } from './TimeEntryForm.tsx';
import { entryDuration, formatEntryDate } from './timeEntryFormat.ts';
import { useDeleteTimeEntry, useUpdateTimeEntry } from './timeEntriesQueries.ts';

/**
 * Edit and delete of time entries, shared by the page and the ticket's panel: `actions(entry)` draws the row's
 * buttons (none when the server says the caller may not change it), `dialog` the edit form.
 */
export function useTimeEntryActions(options: { fixedTicket?: boolean } = {}) {
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const update = useUpdateTimeEntry();
  const remove = useDeleteTimeEntry();

  const confirmDelete = (entry: TimeEntry) =>
    void modals.danger({
      title: 'Delete time entry',
      message: `Delete ${entryDuration(entry)} on ${formatEntryDate(entry.date)} from ticket #${entry.ticketId}? This cannot be undone.`,
      okLabel: 'Delete',
      onOk: () =>
        remove.mutateAsync(entry).then(() => toastsFor('Time entry deleted').onSuccess(), failWithToast),
    });

  const actions = (entry: TimeEntry) =>
    entry.canEdit ? (
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit time entry of ${formatEntryDate(entry.date)}`}
            onClick={() => setEditing(entry)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete time entry of ${formatEntryDate(entry.date)}`}
            onClick={() => confirmDelete(entry)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    ) : null;

  const dialog = (
    <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit time entry" size="xl">
      {editing && (
        <TimeEntryForm
          label="Edit time entry"
          entry={editing}
          {...(options.fixedTicket
            ? { ticket: { ticketId: editing.ticketId, title: editing.ticketTitle } }
            : {})}
          onCancel={() => setEditing(null)}
          onSubmit={async (values) => {
            await update.mutateAsync({
              body: { timeEntryId: editing.timeEntryId, ...values },
              before: editing,
            });
            toastsFor('Time entry saved').onSuccess();
            setEditing(null);
          }}
        />
      )}
    </Modal>
  );

  return { actions, dialog };
}
