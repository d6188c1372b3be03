import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import type { Ticket } from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import { TicketStatusBadge } from '../TicketStatusBadge.tsx';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { isApiError } from '../../../shared/api/index.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { LinkTabs } from '../../../shared/ui/LinkTabs.tsx';
import { useIdParam } from '../../../shared/routing/useIdParam.ts';
import { useTicketAccess } from './ticketAccess.ts';
import { TicketDetailsTour } from './TicketDetailsTour.tsx';
import { useTicket } from './ticketQueries.ts';
import { TICKET_STATE_LABELS } from './ticketLabels.ts';
import { presentCompanyName } from '../../../shared/preferences/names.ts';

/** Spec placeholder for a ticket that is missing or fails to load. */
export const NO_TICKET = 'No Ticket Information';

/**
 * tickets/{ticketId}: the ticket's frame around its details and problems: number and title, status, state,
 * company, and the tabs. A missing ticket, another company's, or (for a customer) an internal one all read as
 * missing: the server answers them alike.
 */
export function TicketLayout() {
  const ticketId = useIdParam('ticketId');
  const ticket = useTicket(ticketId);
  const permissions = useCurrentUser().data?.permissions;
  const canSeeProblems =
    permissions !== undefined &&
    hasPermission(permissions, { permission: 'kyotoEventDetails:read' }) &&
    hasPermission(permissions, { permission: 'detectedProblems:read' });
  const onDetails = /\/details\/?$/.test(useLocation().pathname);

  if (ticketId === 0 || (ticket.isError && isApiError(ticket.error) && ticket.error.isMissing)) {
    return (
      <TicketProblem>
        <Text>
          Ticket {ticketId === 0 ? '' : `#${ticketId} `}does not exist, or you may not see it. Check the
          number, or find the ticket in the list.
        </Text>
      </TicketProblem>
    );
  }
  if (ticket.isError) {
    return (
      <TicketProblem>
        <Alert color="red" title={`Unable to load ticket #${ticketId}`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(ticket.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void ticket.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </TicketProblem>
    );
  }

  const tabs = [
    { path: 'details', label: 'Details' },
    ...(canSeeProblems ? [{ path: 'problems', label: 'Problems' }] : []),
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {ticket.isPending ? <HeaderSkeleton /> : <TicketHeader ticket={ticket.data} />}
        {onDetails && ticket.isSuccess && <TicketDetailsTour />}
      </Group>
      <LinkTabs tabs={tabs} label="Ticket sections" />
      <Outlet />
    </Stack>
  );
}

function BackToTickets() {
  return (
    <Anchor component={Link} to="/user/tickets" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Tickets
      </Group>
    </Anchor>
  );
}

/** The frame of a ticket that cannot be shown: the spec's placeholder and what to do next. */
function TicketProblem({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" maw={640}>
      <BackToTickets />
      <Title order={1} size="h2">
        {NO_TICKET}
      </Title>
      {children}
      <Button component={Link} to="/user/tickets" variant="light" style={{ alignSelf: 'flex-start' }}>
        Open the tickets list
      </Button>
    </Stack>
  );
}

function TicketHeader({ ticket }: { ticket: Ticket }) {
  const { isExternal } = useTicketAccess(ticket);
  return (
    <Stack gap={4} style={{ minWidth: 0 }} data-tour="ticket-header">
      <BackToTickets />
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        #{ticket.ticketId} {ticket.title.trim() === '' ? NO_TICKET : ticket.title}
      </Title>
      <Group gap="xs" aria-label="Ticket summary" role="group">
        <TicketStatusBadge statusKey={ticket.statusEnumKey} variant="filled" />
        {/* Outlined grey writes in gray.6 (3.3:1 on white); the dimmed colour is the theme's AA grey. */}
        <Badge variant="outline" color="gray" c="dimmed">
          {TICKET_STATE_LABELS[ticket.ticketState]}
        </Badge>
        {ticket.isFrozen && (
          <Badge variant="light" color="yellow" leftSection={<IconLock size={12} aria-hidden />}>
            Frozen
          </Badge>
        )}
        {!isExternal && (
          <Badge variant="light" color={ticket.visibility === 'INTERNAL' ? 'grape' : 'gray'}>
            {ticket.visibility === 'INTERNAL' ? 'Internal' : 'External'}
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {presentCompanyName(ticket.companyId, ticket.companyName)}
        </Text>
      </Group>
    </Stack>
  );
}

function HeaderSkeleton() {
  return (
    <Stack gap={8} role="status" aria-label="Loading the ticket" style={{ flex: 1 }}>
      <Skeleton height={14} width={60} />
      <Skeleton height={28} width="60%" maw={480} />
      <Group gap="xs">
        <Skeleton height={20} width={80} radius="xl" />
        <Skeleton height={20} width={60} radius="xl" />
        <Skeleton height={16} width={120} />
      </Group>
    </Stack>
  );
}
