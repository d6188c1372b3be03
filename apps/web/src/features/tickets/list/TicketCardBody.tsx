import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TicketListItem } from '@kelvin/contract';
import { TicketStatusBadge } from '../TicketStatusBadge.tsx';
import { EnumBadge, TicketLink, ticketAssetsLine } from './ticketColumns.tsx';
import { presentCompanyName } from '../../../shared/preferences/names.ts';

/**
 * What a ticket card says, in a swim lane and as a row on a phone: id, title, company and assets, priority and
 * owner; the status where the lane does not say it.
 */
export function TicketCardBody({
  ticket,
  action,
  showStatus = false,
}: {
  ticket: TicketListItem;
  /** Beside the id, e.g. the lane card's status menu. */
  action?: ReactNode;
  showStatus?: boolean;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Group gap={6} wrap="nowrap">
          <TicketLink ticketId={ticket.ticketId} />
          {ticket.isFrozen && <IconLock size={13} aria-label="Frozen" />}
          {showStatus && <TicketStatusBadge statusKey={ticket.statusEnumKey} size="sm" />}
        </Group>
        {action}
      </Group>
      <Text size="sm" fw={500} lineClamp={2}>
        {ticket.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {[presentCompanyName(ticket.companyId, ticket.companyName), ticketAssetsLine(ticket)]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <EnumBadge enumName="ticketPriority" enumKey={ticket.priorityEnumKey} />
        <Text size="xs" c="dimmed" truncate>
          {ticket.owner?.name ?? 'Unassigned'}
        </Text>
      </Group>
    </Stack>
  );
}
