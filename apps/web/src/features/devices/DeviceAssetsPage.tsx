import { Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { LinkTabs } from '../../shared/ui/LinkTabs.tsx';

export const deviceAssetTabs = [
  { path: 'hierarchy', label: 'Hierarchy' },
  { path: 'tickets', label: 'Tickets' },
  { path: 'users', label: 'Users' },
  { path: 'audit', label: 'Audit' },
  { path: 'properties', label: 'Properties' },
  { path: 'maintenance', label: 'Maintenance' },
  { path: 'automation', label: 'Automation' },
  { path: 'artifacts', label: 'Artifacts' },
  { path: 'contracts', label: 'Contracts' },
  { path: 'warranties', label: 'Warranties' },
] as const;

/** devicesAssets: the asset's tabs (spec order); the route redirects to properties. */
export function DeviceAssetsPage() {
  return (
    <Stack>
      <LinkTabs tabs={deviceAssetTabs} label="Asset tabs" />
      <Outlet />
    </Stack>
  );
}
