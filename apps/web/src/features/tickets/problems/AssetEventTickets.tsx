import { Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePermissionScope } from '../../../shared/session/permissionScope.ts';
import { TicketStatusBadge } from '../TicketStatusBadge.tsx';
import { useEventTickets } from './problemTicketQueries.ts';

/**
 * Spec: the event tickets of an asset (incidents from Kyoto link events, in an active status), as a compact list
 * linking to each, for those who may read the company's tickets.
 */
export function AssetEventTickets({ asset }: { asset: { assetId: number; companyId: number } }) {
  const scope = usePermissionScope();
  const allowed = scope.forCompany('tickets:read', asset.companyId);
  const tickets = useEventTickets(asset.assetId, allowed);
  if (!allowed) return null;
  const rows = tickets.data?.content ?? [];
  return (
    <Paper withBorder px="sm" py="xs" component="section" aria-label="Event tickets">
      <Group gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconTicket size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Event tickets
          </Text>
        </Group>
        {tickets.isPending ? (
          <Skeleton height={20} width={200} />
        ) : tickets.isError ? (
          <Text size="sm" c="red">
            Unable to load the event tickets.
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            None open: move problems to a new ticket to open one.
          </Text>
        ) : (
          rows.map((ticket) => (
            <Group key={ticket.ticketId} gap={6} wrap="nowrap">
              <Anchor component={Link} to={`/user/tickets/${ticket.ticketId}/details`} size="sm">
                #{ticket.ticketId} {ticket.title}
              </Anchor>
              <TicketStatusBadge statusKey={ticket.statusEnumKey} size="xs" style={{ flexShrink: 0 }} />
            </Group>
          ))
        )}
      </Group>
    </Paper>
  );
}
