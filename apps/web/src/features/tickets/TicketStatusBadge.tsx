import { Badge, type BadgeProps } from '@mantine/core';
import { coreEnumLabel, ticketStatusColor } from '@kelvin/domain';

export interface TicketStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** The ticket's statusEnumKey ('inProgress'); an unknown key shows spelt out, in grey. */
  statusKey: string;
}

/** A ticket's status in its status colour (the domain's TICKET_STATUS_COLORS), the same on every screen. */
export function TicketStatusBadge({
  statusKey,
  variant = 'light',
  radius = 'sm',
  ...rest
}: TicketStatusBadgeProps) {
  return (
    <Badge
      color={ticketStatusColor(statusKey)}
      variant={variant}
      radius={radius}
      // On the light tint the status colour itself reads below 4.5:1 (orange 3.6:1): the words take the body's.
      c={variant === 'light' ? 'var(--mantine-color-text)' : undefined}
      {...rest}
    >
      {coreEnumLabel(statusKey, 'ticketStatus')}
    </Badge>
  );
}
