import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { MaintenanceWindow } from '@kelvin/contract';
import { isMaintenanceCancelable, isMaintenanceEditable } from '@kelvin/domain';
import type { PagedTableColumn } from '../../shared/ui/PagedTable.tsx';
import { formatWindowSpan } from './maintenanceFormat.ts';
import { MaintenanceStateBadge } from './MaintenanceStateBadge.tsx';

const timesOf = (window: MaintenanceWindow) => ({
  from: window.timeWindow.from,
  to: window.timeWindow.to,
  canceledAt: window.canceledAt,
});

/** The grid's columns: state, asset, what, when (in the window's zone), who, and the actions the user may take. */
export function maintenanceColumns(actions: {
  canWrite: (window: MaintenanceWindow) => boolean;
  onEdit: (window: MaintenanceWindow) => void;
  onCancel: (window: MaintenanceWindow) => void;
}): PagedTableColumn<MaintenanceWindow>[] {
  return [
    {
      key: 'state',
      header: 'State',
      width: 110,
      cell: (window) => <MaintenanceStateBadge state={window.state} />,
    },
    { key: 'asset', header: 'Asset', width: 170, cell: (window) => window.assetName },
    {
      key: 'description',
      header: 'Description',
      cell: (window) => (
        <Stack gap={2}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {window.description}
          </Text>
          {window.cancelReason !== null && (
            <Text size="xs" c="dimmed">
              Canceled{window.canceledBy ? ` by ${window.canceledBy.name}` : ''}: {window.cancelReason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'when',
      header: 'When',
      width: 230,
      cell: (window) => (
        <Stack gap={2}>
          <Text size="sm">{formatWindowSpan(window)}</Text>
          <Text size="xs" c="dimmed">
            {window.timeZoneId}
          </Text>
        </Stack>
      ),
    },
    { key: 'createdBy', header: 'Planned by', width: 130, cell: (window) => window.createdBy.name },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 150,
      cell: (window) => {
        if (!actions.canWrite(window)) return null;
        const now = Date.now();
        const editable = isMaintenanceEditable(timesOf(window), now);
        const cancelable = isMaintenanceCancelable(timesOf(window));
        return (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            {editable && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => actions.onEdit(window)}
                aria-label={`Edit ${window.description}`}
              >
                Edit
              </Button>
            )}
            {cancelable && (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => actions.onCancel(window)}
                aria-label={`Cancel ${window.description}`}
              >
                Cancel
              </Button>
            )}
          </Group>
        );
      },
    },
  ];
}
