import { memo, useState } from 'react';
import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { OverviewOptions, type OverviewOptionsProps } from './OverviewOptions.tsx';
import { updateOverview } from './overviewStore.ts';

/**
 * The options beside the tiles. On a wide screen it is the spec's collapsible sidebar, its state kept with the
 * overview's. On a phone it sits above the tiles and starts closed whatever that state says, so the first screen
 * shows units rather than switches. Memoised: live batches render the page every second, the options need not.
 */
export const OverviewSidebar = memo(function OverviewSidebar(props: OverviewOptionsProps) {
  const narrow = useMediaQuery('(max-width: 62em)');
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const collapsed = narrow ? !openOnPhone : props.state.sidebarCollapsed;
  const toggle = () => {
    if (narrow) setOpenOnPhone(!openOnPhone);
    else updateOverview({ sidebarCollapsed: !collapsed });
  };
  const label = collapsed ? 'Show options' : 'Hide options';

  return (
    <Paper
      withBorder
      p="sm"
      component="aside"
      aria-label="Overview options"
      w={{ base: '100%', md: collapsed ? 'auto' : 280 }}
      style={{ flex: 'none' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        {(!collapsed || narrow) && <Text fw={600}>Options</Text>}
        <Tooltip label={label}>
          <ActionIcon variant="subtle" aria-label={label} aria-expanded={!collapsed} onClick={toggle}>
            {collapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {!collapsed && (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <OverviewOptions {...props} />
        </div>
      )}
    </Paper>
  );
});
