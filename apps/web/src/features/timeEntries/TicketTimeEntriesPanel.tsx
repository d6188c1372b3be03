import { Divider, Table, Text } from '@mantine/core';
import type { Ticket } from '@kelvin/contract';
import { coreEnumLabel, formatMinutes } from '@kelvin/domain';
import { failWithToast } from '../../shared/api/mutationToasts.ts';
import { useTicketAccess } from '../tickets/details/ticketAccess.ts';
import { TicketPanelFrame, TicketPanelTable } from '../tickets/details/TicketPanelFrame.tsx';
import { useTimeEntryActions } from './TimeEntryActions.tsx';
import { TimeEntryForm } from './TimeEntryForm.tsx';
import { entryDuration, entryMinutes, formatEntryDate } from './timeEntryFormat.ts';
import { useCreateTimeEntry, useTicketTimeEntries } from './timeEntriesQueries.ts';

/** Time spent on a ticket, newest first, with its total; quick entry bound to the ticket; own entries editable. */
export function TicketTimeEntriesPanel({ ticket }: { ticket: Ticket }) {
  const entries = useTicketTimeEntries(ticket.ticketId);
  const access = useTicketAccess(ticket);
  const create = useCreateTimeEntry();
  const { actions, dialog } = useTimeEntryActions({ fixedTicket: true });
  const content = entries.data;
  const total = content?.reduce((sum, entry) => sum + entryMinutes(entry), 0);

  return (
    <TicketPanelFrame
      titleId="ticket-time-title"
      title="Time"
      action={
        total !== undefined &&
        total > 0 && (
          // Text, not a badge: a badge's capitals would turn 30m into 30M.
          <Text fw={600} size="sm">
            {formatMinutes(total)} in total
          </Text>
        )
      }
      query={entries}
      errorTitle="Time entries could not be loaded"
      items={content}
      empty={
        access.canEdit
          ? 'No time logged yet. Type the time spent below, e.g. 45m or 1h30, and press Enter.'
          : 'No time logged on this ticket.'
      }
      footer={
        <>
          {access.canEdit ? (
            <>
              <Divider label="Log time" labelPosition="left" />
              <TimeEntryForm
                label="Log time on this ticket"
                compact
                ticket={{ ticketId: ticket.ticketId, title: ticket.title }}
                onSubmit={(values) => create.mutateAsync(values).catch(failWithToast)}
              />
            </>
          ) : (
            ticket.isFrozen &&
            access.canFreeze && (
              <Text size="sm" c="dimmed">
                This ticket is frozen: unfreeze it to log time.
              </Text>
            )
          )}
          {dialog}
        </>
      }
    >
      <TicketPanelTable
        label="Time entries of the ticket"
        headers={[{ label: 'Entry' }, { label: 'Time', align: 'right' }]}
        actionsWidth={72}
        rows={content?.map((entry) => (
          <Table.Tr key={entry.timeEntryId}>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Text size="sm">
                {formatEntryDate(entry.date)} · {entry.userName}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {coreEnumLabel(entry.laborCodeEnumKey, 'laborCodes')}
                {entry.description && ` · ${entry.description}`}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }} ff="monospace">
              {entryDuration(entry)}
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>{actions(entry)}</Table.Td>
          </Table.Tr>
        ))}
      />
    </TicketPanelFrame>
  );
}
