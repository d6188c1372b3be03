import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconBell, IconBellOff, IconCheck, IconX } from '@tabler/icons-react';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import type { ListedProblem } from './ProblemAlertView.tsx';
import { ProblemActionDialog } from './ProblemActionDialog.tsx';
import { ProblemTicketActions } from './ProblemTicketActions.tsx';
import type { ProblemVerb } from './problemsQueries.ts';

/** The toolbar's permission: acting on a problem needs it for the problem's company. */
const PROBLEMS_WRITE = 'detectedProblems:write';

/**
 * What the problem drawer lets a user do to the problem it shows, without going back to the list: acknowledge or
 * take it back, mute or unmute, and move it to a ticket. The same dialogs, permission checks and refusals as the
 * list's toolbar; the drawer stays open, showing the problem as it is after the change.
 */
export function ProblemDrawerActions({ problem }: { problem: ListedProblem }) {
  const scope = usePermissionScope();
  const [verb, setVerb] = useState<ProblemVerb | null>(null);
  const canAct = scope.forCompany(PROBLEMS_WRITE, problem.companyId);
  const acknowledged = problem.acknowledgement !== null;
  const muted = problem.mute?.currentlyMuted === true;
  return (
    <>
      {canAct ? (
        <>
          <Button
            size="compact-sm"
            variant={acknowledged ? 'default' : 'filled'}
            leftSection={acknowledged ? <IconX size={14} /> : <IconCheck size={14} />}
            onClick={() => setVerb(acknowledged ? 'unacknowledge' : 'acknowledge')}
          >
            {acknowledged ? 'Unacknowledge' : 'Acknowledge'}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={muted ? <IconBell size={14} /> : <IconBellOff size={14} />}
            onClick={() => setVerb(muted ? 'unmute' : 'mute')}
          >
            {muted ? 'Unmute' : 'Mute'}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          You may look at this problem but not change it.
        </Text>
      )}
      <ProblemTicketActions targets={[problem]} />
      <ProblemActionDialog
        verb={verb}
        targets={[problem]}
        onClose={() => setVerb(null)}
        onDone={() => setVerb(null)}
      />
    </>
  );
}
