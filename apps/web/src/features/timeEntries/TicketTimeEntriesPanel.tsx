import {
  Alert,
  Button,
  Divider,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Ticket } from '@kelvin/contract';
import { coreEnumLabel, formatMinutes } from '@kelvin/domain';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast } from '../admin/mutationToasts.ts';
import { useTicketAccess } from '../tickets/details/ticketAccess.ts';
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
    <Stack gap="sm" component="section" aria-labelledby="ticket-time-title">
      <Group justify="space-between">
        <Title order={3} size="h4" id="ticket-time-title">
          Time
        </Title>
        {total !== undefined && total > 0 && (
          // Text, not a badge: a badge's capitals would turn 30m into 30M.
          <Text fw={600} size="sm">
            {formatMinutes(total)} in total
          </Text>
        )}
      </Group>
      {entries.isError ? (
        <Alert color="red" role="alert" title="Time entries could not be loaded">
          <Group justify="space-between">
            <span>{errorMessage(entries.error)}</span>
            <Button size="xs" variant="light" color="red" onClick={() => void entries.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : content && content.length === 0 ? (
        <Text size="sm" c="dimmed">
          {access.canEdit
            ? 'No time logged yet. Type the time spent below, e.g. 45m or 1h30, and press Enter.'
            : 'No time logged on this ticket.'}
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Time entries of the ticket" aria-busy={entries.isPending}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Entry</Table.Th>
              <Table.Th ta="right">Time</Table.Th>
              <Table.Th w={72}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {content?.map((entry) => (
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
            )) ??
              [0, 1].map((row) => (
                <Table.Tr key={row}>
                  {[0, 1, 2].map((cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={12} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      )}
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
    </Stack>
  );
}
