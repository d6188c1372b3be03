import { Badge, Tooltip } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDemoMode } from '../../shared/preferences/displayPreferences.ts';

/** Says in the header, on every screen, that names are masked; it leads to the setting that turns it off. */
export function DemoModeBadge() {
  const demo = useDemoMode();
  if (!demo) return null;
  return (
    <Tooltip label="Company, site and asset names are masked. Turn off in Settings → General.">
      <Badge
        component={Link}
        to="/user/settings/general"
        color="grape"
        variant="filled"
        leftSection={<IconEyeOff size={14} aria-hidden />}
        style={{ cursor: 'pointer', flexShrink: 0 }}
      >
        Demo mode
      </Badge>
    </Tooltip>
  );
}
