import { Badge, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Ticket } from '@kelvin/contract';
import { coreEnumLabel } from '@kelvin/domain';
import { useCoreEnumOptions } from '../coreEnumsQuery.ts';
import { modals } from '../../../app/modals/modalStore.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { failWithToast, toastsFor } from '../../../shared/api/mutationToasts.ts';
import { DetailsCard } from './DetailsCard.tsx';
import type { TicketAccess } from './ticketAccess.ts';
import { formatTicketDate } from './ticketDates.ts';
import { TICKET_STATE_LABELS } from './ticketLabels.ts';
import { useChangeTicketStatus, useSetTicketFrozen } from './ticketQueries.ts';

const STATE_COLORS: Readonly<Record<Ticket['ticketState'], string>> = {
  OPEN: 'blue',
  RESOLVED: 'teal',
  CLOSED: 'gray',
};

function moments(ticket: Ticket): [string, string | null][] {
  return [
    ['Created', ticket.createdAt],
    ['Updated', ticket.updatedAt],
    ['Closed', ticket.closedAt],
  ];
}

/**
 * Status (a change goes through changeStatus: the state and closedAt follow it), the freeze switch (after
 * confirming; provider staff only: a customer sees a frozen ticket by its badge and banner) and the ticket's
 * moments in the user's zone.
 */
export function TicketStatusCard({ ticket, access }: { ticket: Ticket; access: TicketAccess }) {
  const changeStatus = useChangeTicketStatus(ticket.ticketId);
  const setFrozen = useSetTicketFrozen(ticket.ticketId);
  const timeZone = userTimeZone();
  // The statuses a ticket can be in (not the filters' 'universal' -1); its own one even while the enums load.
  const served = useCoreEnumOptions('ticketStatus').filter((option) => option.value !== '-1');
  const statusOptions = served.some((option) => option.value === String(ticket.statusEnumValue))
    ? served
    : [
        { value: String(ticket.statusEnumValue), label: coreEnumLabel(ticket.statusEnumKey, 'ticketStatus') },
        ...served,
      ];

  function handleStatus(value: string | null) {
    if (value === null || Number(value) === ticket.statusEnumValue) return;
    const label = statusOptions.find((option) => option.value === value)?.label ?? value;
    changeStatus.mutate(Number(value), toastsFor(`Status changed to ${label}`));
  }

  return (
    <DetailsCard title="Status" tour="ticket-status">
      <Stack gap="sm">
        {access.canEdit ? (
          <Select
            label="Status"
            data={statusOptions}
            value={String(ticket.statusEnumValue)}
            onChange={handleStatus}
            allowDeselect={false}
            disabled={changeStatus.isPending}
          />
        ) : (
          <TextInput
            label="Status"
            value={coreEnumLabel(ticket.statusEnumKey, 'ticketStatus')}
            readOnly
            variant="filled"
          />
        )}
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            State
          </Text>
          <Badge variant="light" color={STATE_COLORS[ticket.ticketState]}>
            {TICKET_STATE_LABELS[ticket.ticketState]}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3, md: 1 }} spacing={4} component="dl" m={0}>
          {moments(ticket).map(([label, value]) => (
            <Group key={label} gap={6} wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed" w={64}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {formatTicketDate(value, timeZone)}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
        {!access.isExternal && (
          <Switch
            label="Frozen"
            description={
              ticket.isFrozen ? 'Unfreeze to change the ticket again.' : 'A frozen ticket cannot be changed.'
            }
            checked={ticket.isFrozen}
            disabled={!access.canFreeze || setFrozen.isPending}
            onChange={(event) => {
              const freeze = event.currentTarget.checked;
              void modals.confirm({
                title: freeze ? 'Freeze ticket' : 'Unfreeze ticket',
                message: freeze
                  ? `Freeze ticket #${ticket.ticketId}? Its fields, status, people and assets cannot be changed until it is unfrozen.`
                  : `Unfreeze ticket #${ticket.ticketId}? Everyone who may change tickets can change it again.`,
                okLabel: freeze ? 'Freeze' : 'Unfreeze',
                onOk: () =>
                  setFrozen
                    .mutateAsync(freeze)
                    .then(
                      () => toastsFor(freeze ? 'Ticket frozen' : 'Ticket unfrozen').onSuccess(),
                      failWithToast,
                    ),
              });
            }}
          />
        )}
      </Stack>
    </DetailsCard>
  );
}
