import { Badge } from '@mantine/core';
import type { MaintenanceWindowState } from '@kelvin/contract';
import { MAINTENANCE_STATE_COLOURS, MAINTENANCE_STATE_LABELS } from '@kelvin/domain';

/** A window's state in the one set of state colours, named in words too. */
export function MaintenanceStateBadge({ state }: { state: MaintenanceWindowState }) {
  return (
    <Badge color={MAINTENANCE_STATE_COLOURS[state]} variant={state === 'ACTIVE' ? 'filled' : 'light'}>
      {MAINTENANCE_STATE_LABELS[state]}
    </Badge>
  );
}
