import { Badge } from '@mantine/core';
import type { MaintenanceWindowState } from '@kelvin/contract';
import { MAINTENANCE_STATE_COLOURS, MAINTENANCE_STATE_LABELS } from '@kelvin/domain';

/** A window's state in the one set of state colours, named in words too. */
export function MaintenanceStateBadge({ state }: { state: MaintenanceWindowState }) {
  return (
    <Badge
      color={MAINTENANCE_STATE_COLOURS[state]}
      variant={state === 'ACTIVE' ? 'filled' : 'light'}
      // On the light tint the state colour itself reads below 4.5:1 (teal 4.3:1): the words take the body's.
      c={state === 'ACTIVE' ? undefined : 'var(--mantine-color-text)'}
    >
      {MAINTENANCE_STATE_LABELS[state]}
    </Badge>
  );
}
