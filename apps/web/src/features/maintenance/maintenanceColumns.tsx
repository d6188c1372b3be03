import { ActionIcon, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCalendarX, IconPencil } from '@tabler/icons-react';
import type { MaintenanceWindow } from '@kelvin/contract';
import { isMaintenanceCancelable, isMaintenanceEditable } from '@kelvin/domain';
import type { PagedTableColumn } from '../../shared/ui/PagedTable.tsx';
import { windowSpanParts } from './maintenanceFormat.ts';
import { MaintenanceStateBadge } from './MaintenanceStateBadge.tsx';

export const STATE_WIDTH = 130;
export const WHEN_WIDTH = 200;

const timesOf = (window: MaintenanceWindow) => ({
  from: window.timeWindow.from,
  to: window.timeWindow.to,
  canceledAt: window.canceledAt,
});

/**
 * The grid's columns: state, what (with who planned it and why it was canceled), the asset, when (in the
 * window's zone), and the actions the user may take as icons, so that the description keeps the width.
 */
export function maintenanceColumns(actions: {
  canWrite: (window: MaintenanceWindow) => boolean;
  onEdit: (window: MaintenanceWindow) => void;
  onCancel: (window: MaintenanceWindow) => void;
}): PagedTableColumn<MaintenanceWindow>[] {
  return [
    {
      key: 'state',
      header: 'State',
      // The longest badge ('Upcoming', 'Canceled') whole with the cell's padding: narrower, Mantine cut it to 'U.'.
      width: STATE_WIDTH,
      cell: (window) => <MaintenanceStateBadge state={window.state} />,
    },
    {
      key: 'description',
      header: 'Description',
      cell: (window) => (
        <Stack gap={2}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {window.description}
          </Text>
          <Text size="xs" c="dimmed">
            Planned by {window.createdBy.name}
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
      key: 'asset',
      header: 'Asset',
      width: 170,
      cell: (window) => <Text size="sm">{window.assetName}</Text>,
    },
    {
      key: 'when',
      header: 'When',
      // Start and end on a line each ('11/27/2026 10:00:00 PM –' is the longest), so the description keeps the
      // width; one line of both (330 px) left the description too little beside the asset hierarchy.
      width: WHEN_WIDTH,
      cell: (window) => {
        const { start, end } = windowSpanParts(window);
        return (
          <Stack gap={2}>
            <Text size="sm">{start} –</Text>
            <Text size="sm">{end}</Text>
            <Text size="xs" c="dimmed">
              {window.timeZoneId}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 96,
      cell: (window) => {
        if (!actions.canWrite(window)) return null;
        const now = Date.now();
        const editable = isMaintenanceEditable(timesOf(window), now);
        const cancelable = isMaintenanceCancelable(timesOf(window), now);
        return (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            {editable && (
              <Tooltip label="Edit">
                <ActionIcon
                  variant="default"
                  onClick={() => actions.onEdit(window)}
                  aria-label={`Edit ${window.description}`}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {cancelable && (
              <Tooltip label="Cancel window">
                <ActionIcon
                  variant="light"
                  color="red"
                  onClick={() => actions.onCancel(window)}
                  aria-label={`Cancel ${window.description}`}
                >
                  <IconCalendarX size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      },
    },
  ];
}
