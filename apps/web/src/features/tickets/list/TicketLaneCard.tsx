import { ActionIcon, Menu, Paper } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { TicketListItem } from '@kelvin/contract';
import { coreEnumLabel, ticketStatusColor, type TicketStatus } from '@kelvin/domain';
import { TicketCardBody } from './TicketCardBody.tsx';

export interface TicketLaneCardProps {
  ticket: TicketListItem;
  /** The lane it is drawn in (its status, or the one it is being moved to). */
  status: TicketStatus;
  /** The statuses it may be moved to from its menu; empty: it cannot be moved (frozen, or no right to). */
  targets: readonly TicketStatus[];
  onMove: (ticket: TicketListItem, to: TicketStatus) => void;
  onDragStart: (ticket: TicketListItem) => void;
  onDragEnd: () => void;
}

/**
 * A ticket in a swim lane: dragged to another lane to change its status, or moved from its status menu (the
 * keyboard's and screen reader's way to do the same).
 */
export function TicketLaneCard({
  ticket,
  status,
  targets,
  onMove,
  onDragStart,
  onDragEnd,
}: TicketLaneCardProps) {
  const movable = targets.length > 0;
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      shadow="xs"
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', String(ticket.ticketId));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(ticket);
      }}
      onDragEnd={onDragEnd}
      style={{
        cursor: movable ? 'grab' : undefined,
        borderLeft: `3px solid var(--mantine-color-${ticketStatusColor(status)}-filled)`,
      }}
      data-testid={`ticket-card-${ticket.ticketId}`}
      role="listitem"
      aria-label={`#${ticket.ticketId} ${ticket.title}`}
    >
      <TicketCardBody
        ticket={ticket}
        action={
          movable && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Change status of #${ticket.ticketId}, now ${coreEnumLabel(status, 'ticketStatus')}`}
                >
                  <IconArrowsExchange size={14} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Move to</Menu.Label>
                {targets.map((target) => (
                  <Menu.Item
                    key={target}
                    onClick={() => onMove(ticket, target)}
                    leftSection={
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-block',
                          width: 8,
                          height: 8,
                          borderRadius: 4,
                          background: `var(--mantine-color-${ticketStatusColor(target)}-filled)`,
                        }}
                      />
                    }
                  >
                    {coreEnumLabel(target, 'ticketStatus')}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )
        }
      />
    </Paper>
  );
}
