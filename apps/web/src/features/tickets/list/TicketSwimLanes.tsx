import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TicketListFilter, TicketListItem } from '@kelvin/contract';
import {
  coreEnumLabel,
  TICKET_STATUSES,
  TOAST_ALERT_MS,
  ticketStatusColor,
  type TicketStatus,
} from '@kelvin/domain';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { usePermissionScope } from '../../../shared/session/permissionScope.ts';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { TicketLaneCard } from './TicketLaneCard.tsx';
import { useChangeTicketStatus, useTicketLane } from './ticketListQueries.ts';
import { statusValue, ticketListFilter, type TicketListState } from './ticketListState.ts';
import { ticketsEmptyText } from './ticketListText.ts';

/** A move the server has not confirmed yet: the card is drawn in its new lane meanwhile. */
interface PendingMove {
  ticket: TicketListItem;
  to: TicketStatus;
}

const LANE_WIDTH = 280;

/**
 * The swim lane view: one lane per chosen status, in the status colours, each paged by the server. Dragging a
 * card to another lane (or choosing from its status menu) changes its status at once on screen, then asks the
 * server; the toast's Undo moves it back. A refused move puts the card back and says why.
 */
export function TicketSwimLanes({ state, emptyHint }: { state: TicketListState; emptyHint: string }) {
  const scope = usePermissionScope();
  const changeStatus = useChangeTicketStatus();
  const [pending, setPending] = useState<ReadonlyMap<number, PendingMove>>(new Map());
  const [dragging, setDragging] = useState<TicketListItem | null>(null);
  // Every status of the other filters; each lane adds its own.
  const base = useMemo(() => ticketListFilter({ ...state, statuses: [...TICKET_STATUSES] }), [state]);
  const lanes = TICKET_STATUSES.filter((status) => state.statuses.includes(status));

  const setMove = (ticketId: number, move: PendingMove | null) =>
    setPending((current) => {
      const next = new Map(current);
      if (move) next.set(ticketId, move);
      else next.delete(ticketId);
      return next;
    });
  const laneOf = (ticket: TicketListItem): string => pending.get(ticket.ticketId)?.to ?? ticket.statusEnumKey;
  const targetsOf = (ticket: TicketListItem): TicketStatus[] =>
    ticket.isFrozen || !scope.forCompany('tickets:write', ticket.companyId)
      ? []
      : TICKET_STATUSES.filter((status) => status !== laneOf(ticket));

  function move(ticket: TicketListItem, to: TicketStatus, undoable = true) {
    const from = laneOf(ticket);
    if (from === to) return;
    setMove(ticket.ticketId, { ticket, to });
    const label = `#${ticket.ticketId}`;
    changeStatus
      .mutateAsync({ ticketId: ticket.ticketId, statusEnumValue: statusValue(to) })
      .then(() => {
        // The lists have been asked again by now: the card is where the server says.
        setMove(ticket.ticketId, null);
        const id = `ticket-move-${ticket.ticketId}`;
        const previous = TICKET_STATUSES.find((status) => status === from);
        notifications.show({
          id,
          color: 'green',
          position: 'top-center',
          autoClose: TOAST_ALERT_MS,
          message: (
            <Group gap="sm" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {undoable ? 'Moved' : 'Moved back'} {label} to {coreEnumLabel(to, 'ticketStatus')}.
              </Text>
              {undoable && previous && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    notifications.hide(id);
                    move({ ...ticket, statusEnumKey: to, statusEnumValue: statusValue(to) }, previous, false);
                  }}
                >
                  Undo
                </Button>
              )}
            </Group>
          ),
        });
      })
      .catch((error: unknown) => {
        setMove(ticket.ticketId, null);
        notifications.show({
          color: 'red',
          position: 'top-center',
          autoClose: TOAST_ALERT_MS,
          title: `Could not move ${label} to ${coreEnumLabel(to, 'ticketStatus')}`,
          message: errorMessage(error),
        });
      });
  }

  if (base === null || lanes.length === 0)
    return <Text c="dimmed">{ticketsEmptyText(state, emptyHint)}</Text>;
  const moved = [...pending.values()];
  return (
    <ScrollArea type="auto" offsetScrollbars aria-label="Swim lanes">
      <Group align="flex-start" wrap="nowrap" gap="sm" pb="xs">
        {lanes.map((status) => (
          <TicketLane
            key={status}
            status={status}
            filter={{ ...base, statusIds: [statusValue(status)] }}
            state={state}
            movedIn={moved.filter((entry) => entry.to === status).map((entry) => entry.ticket)}
            isMovedOut={(ticket) => {
              const to = pending.get(ticket.ticketId)?.to;
              return to !== undefined && to !== status;
            }}
            dragging={dragging}
            onDrop={(ticket) => move(ticket, status)}
            cardProps={{
              targets: targetsOf,
              onMove: (ticket, to) => move(ticket, to),
              onDragStart: setDragging,
              onDragEnd: () => setDragging(null),
            }}
          />
        ))}
      </Group>
    </ScrollArea>
  );
}

interface TicketLaneProps {
  status: TicketStatus;
  filter: TicketListFilter;
  state: TicketListState;
  movedIn: readonly TicketListItem[];
  isMovedOut: (ticket: TicketListItem) => boolean;
  dragging: TicketListItem | null;
  onDrop: (ticket: TicketListItem) => void;
  cardProps: {
    targets: (ticket: TicketListItem) => TicketStatus[];
    onMove: (ticket: TicketListItem, to: TicketStatus) => void;
    onDragStart: (ticket: TicketListItem) => void;
    onDragEnd: () => void;
  };
}

function TicketLane({
  status,
  filter,
  state,
  movedIn,
  isMovedOut,
  dragging,
  onDrop,
  cardProps,
}: TicketLaneProps) {
  const lane = useTicketLane(filter, state.sort, true);
  const [over, setOver] = useState(false);
  const loaded = lane.data?.pages.flatMap((page) => page.content) ?? [];
  const stays = loaded.filter((ticket) => !isMovedOut(ticket));
  const arriving = movedIn.filter((ticket) => !loaded.some((known) => known.ticketId === ticket.ticketId));
  const tickets = [...arriving, ...stays];
  // The newest page counts furthest: a search over many tickets stops counting, and the lane then says '275+'.
  const counted = lane.data?.pages.at(-1)?.pageable;
  const total = counted?.totalSize;
  const atLeast = counted?.totalSizeIsLowerBound === true ? '+' : '';
  const shownTotal =
    total === undefined ? undefined : total + arriving.length - (loaded.length - stays.length);
  const canDrop = dragging !== null && cardProps.targets(dragging).includes(status);
  const color = ticketStatusColor(status);
  const name = coreEnumLabel(status, 'ticketStatus');
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      w={LANE_WIDTH}
      miw={LANE_WIDTH}
      bg="var(--mantine-color-body)"
      style={{
        borderTop: `4px solid var(--mantine-color-${color}-filled)`,
        outline: over && canDrop ? `2px dashed var(--mantine-color-${color}-filled)` : undefined,
      }}
      onDragOver={(event) => {
        if (!canDrop) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (dragging && canDrop) onDrop(dragging);
      }}
      data-testid={`lane-${status}`}
      component="section"
      aria-label={`${name} lane`}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {name}
        </Title>
        <Badge color={color} variant="light" aria-label={`${shownTotal ?? 'loading'}${atLeast} tickets`}>
          {shownTotal === undefined ? '…' : `${shownTotal}${atLeast}`}
        </Badge>
      </Group>
      {lane.isError ? (
        <QueryError label={`${name} tickets`} error={lane.error} onRetry={() => void lane.refetch()} />
      ) : lane.isPending ? (
        <Stack gap="xs" aria-busy aria-label={`Loading ${name} tickets`}>
          <Skeleton height={92} radius="md" />
          <Skeleton height={92} radius="md" />
        </Stack>
      ) : (
        <Stack gap="xs" role="list" aria-label={`${name} tickets`} mih={80}>
          {tickets.map((ticket) => (
            <TicketLaneCard
              key={ticket.ticketId}
              ticket={ticket}
              status={status}
              targets={cardProps.targets(ticket)}
              onMove={cardProps.onMove}
              onDragStart={cardProps.onDragStart}
              onDragEnd={cardProps.onDragEnd}
            />
          ))}
          {tickets.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              No tickets. Drag one here to move it to {name}.
            </Text>
          )}
          {lane.hasNextPage && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={lane.isFetchingNextPage}
              onClick={() => void lane.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
