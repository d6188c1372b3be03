import type { PermissionCheck } from '@kelvin/domain';
import { sectionChecks } from '../router/sectionChecks.ts';

export interface NavItem {
  label: string;
  to: string;
  checks: readonly PermissionCheck[];
}

/**
 * Sections a user can open from the navigation; routes reached only by links (contracts, netsuite) are left out.
 * An entry shows when its checks pass and the route guard would let the user open its path (canOpenUserPath);
 * the checks matter for entries whose path only redirects (diagnose).
 */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/user/dashboard', checks: [] },
  { label: 'Overview', to: '/user/overview', checks: sectionChecks.overview },
  { label: 'Devices', to: '/user/devices', checks: sectionChecks.devices },
  { label: 'Problems', to: '/user/problems', checks: sectionChecks.problems },
  { label: 'Compare units', to: '/user/compare', checks: sectionChecks.devices },
  { label: 'Maintenance', to: '/user/maintenance', checks: sectionChecks.devices },
  { label: 'Data hall', to: '/user/datahall', checks: [] },
  { label: 'Diagnose', to: '/user/diagnose', checks: sectionChecks.devices },
  { label: 'Tickets', to: '/user/tickets', checks: sectionChecks.tickets },
  { label: 'Scheduling', to: '/user/scheduling', checks: sectionChecks.scheduling },
  { label: 'Uploads', to: '/user/uploads', checks: sectionChecks.uploads },
  { label: 'Orders', to: '/user/orders', checks: sectionChecks.orders },
  { label: 'Inventory', to: '/user/inventory', checks: sectionChecks.inventory },
  // The notification settings are the built settings page; a user who may not manage them has no entry.
  { label: 'Settings', to: '/user/settings/notifications', checks: [] },
  { label: 'Administration', to: '/user/admin/companies', checks: sectionChecks.adminCompanies },
];
