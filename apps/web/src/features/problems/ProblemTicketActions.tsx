import { useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { IconTicket, IconTicketOff, IconTransfer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { MoveToTicketDialog, type TicketMove, type TicketMoveTarget } from './MoveToTicketDialog.tsx';

export const TICKETS_WRITE = 'tickets:write';

/** Spec: a ticket links as '#/user/tickets/{id}/details'. */
export function ProblemTicketLink({ ticketId }: { ticketId: number }) {
  return (
    <Anchor component={Link} to={`/user/tickets/${ticketId}/details`} size="sm" fw={600}>
      Ticket #{ticketId}
    </Anchor>
  );
}

/**
 * 'Move to new ticket', 'Move to existing ticket' and 'Remove from ticket' for some problems, shown to whoever may
 * change the tickets of every problem's company (the server checks the same, and that they may read the problems).
 */
export function ProblemTicketActions({
  targets,
  onDone,
}: {
  targets: readonly TicketMoveTarget[];
  onDone?: () => void;
}) {
  const scope = usePermissionScope();
  const [move, setMove] = useState<TicketMove | null>(null);
  const allowed =
    targets.length > 0 && targets.every((target) => scope.forCompany(TICKETS_WRITE, target.companyId));
  if (!allowed) return null;
  const anyOnTicket = targets.some((target) => target.ticketId !== null);
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconTicket size={14} />}
        onClick={() => setMove('new')}
      >
        Move to new ticket
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconTransfer size={14} />}
        onClick={() => setMove('existing')}
      >
        Move to existing ticket
      </Button>
      {anyOnTicket && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconTicketOff size={14} />}
          onClick={() => setMove('remove')}
        >
          Remove from ticket
        </Button>
      )}
      <MoveToTicketDialog
        move={move}
        targets={targets}
        onClose={() => setMove(null)}
        onDone={() => {
          setMove(null);
          onDone?.();
        }}
      />
    </>
  );
}
