import {
  IconAlertTriangle,
  IconArrowsDiff,
  IconBellCog,
  IconBuilding,
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconChartBar,
  IconChecklist,
  IconClockHour4,
  IconForms,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconPackage,
  IconReceipt,
  IconServer2,
  IconSettings,
  IconStack2,
  IconStethoscope,
  IconTicket,
  IconTool,
  IconUpload,
  type TablerIcon,
} from '@tabler/icons-react';
import { passesChecks, type PermissionCheck, type Permissions } from '@kelvin/domain';
import { canOpenUserPath } from '../router/routeAccess.ts';
import { sectionChecks } from '../router/sectionChecks.ts';
import { formEditorChecks } from '../../features/forms/editor/formEditorAccess.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: TablerIcon;
  checks: readonly PermissionCheck[];
  /** Where the entry is active besides under its own path: diagnose's path only redirects to the device metrics. */
  activeOn?: RegExp;
  /** Only for the provider's staff: a customer's user holding the same permission does not get the entry. */
  providerOnly?: boolean;
}

export interface NavSection {
  title: string;
  items: readonly NavItem[];
}

/**
 * The sections of the navigation. Only built screens are here: Scheduling and Settings → General
 * keep their routes but have no entry until they are built, and routes reached only by links (contracts, netsuite)
 * are left out. An entry shows when its checks pass and the route guard would let the user open its path
 * (canOpenUserPath); the checks matter for entries whose path only redirects (diagnose).
 */
export const navSections: readonly NavSection[] = [
  {
    title: 'Monitoring',
    items: [
      { label: 'Dashboard', to: '/user/dashboard', icon: IconLayoutDashboard, checks: [] },
      { label: 'Overview', to: '/user/overview', icon: IconLayoutGrid, checks: sectionChecks.overview },
      { label: 'Devices', to: '/user/devices', icon: IconServer2, checks: sectionChecks.devices },
      { label: 'Problems', to: '/user/problems', icon: IconAlertTriangle, checks: sectionChecks.problems },
      { label: 'Compare units', to: '/user/compare', icon: IconArrowsDiff, checks: sectionChecks.devices },
      { label: 'Maintenance', to: '/user/maintenance', icon: IconTool, checks: sectionChecks.devices },
      { label: 'Data hall', to: '/user/datahall', icon: IconBuildingWarehouse, checks: [] },
      {
        label: 'Diagnose',
        to: '/user/diagnose',
        icon: IconStethoscope,
        checks: sectionChecks.devices,
        activeOn: /^\/user\/devices\/(\d+\/)?metrics(\/|$)/,
      },
    ],
  },
  {
    title: 'Work',
    items: [
      { label: 'Tickets', to: '/user/tickets', icon: IconTicket, checks: sectionChecks.tickets },
      {
        label: 'Scheduling',
        to: '/user/scheduling',
        icon: IconCalendarEvent,
        checks: sectionChecks.scheduling,
      },
      {
        label: 'Time entries',
        to: '/user/tickets/timeEntry',
        icon: IconClockHour4,
        checks: sectionChecks.tickets,
      },
      {
        label: 'Form explorer',
        to: '/user/tickets/formExplorer',
        icon: IconChecklist,
        checks: sectionChecks.tickets,
      },
      { label: 'Uploads', to: '/user/uploads', icon: IconUpload, checks: sectionChecks.uploads },
      { label: 'Orders', to: '/user/orders', icon: IconReceipt, checks: sectionChecks.orders },
      { label: 'Inventory', to: '/user/inventory', icon: IconPackage, checks: sectionChecks.inventory },
    ],
  },
  {
    title: 'Administration',
    items: [
      {
        label: 'Company administration',
        to: '/user/admin/companies',
        icon: IconBuilding,
        checks: sectionChecks.adminCompanies,
      },
      {
        label: 'Forms',
        to: '/user/admin/forms',
        icon: IconForms,
        checks: formEditorChecks,
        // The server lets only the provider's staff change form definitions (formsAccess.requireFormEditor).
        providerOnly: true,
      },
      { label: 'Usage', to: '/user/usage', icon: IconChartBar, checks: sectionChecks.usage },
    ],
  },
  {
    title: 'Settings',
    items: [
      { label: 'General settings', to: '/user/settings/general', icon: IconSettings, checks: [] },
      { label: 'Subscriptions', to: '/user/settings/subscriptions', icon: IconStack2, checks: [] },
      // A user who may not manage notification settings has no entry.
      { label: 'Notification settings', to: '/user/settings/notifications', icon: IconBellCog, checks: [] },
    ],
  },
];

/** Who looks at the navigation: their permissions, and whether they are a customer's user (external). */
export interface NavViewer {
  permissions: Permissions;
  external: boolean;
}

/** The sections as this user sees them: only entries they may open, and no section left empty. */
export function visibleNavSections(
  viewer: NavViewer,
  sections: readonly NavSection[] = navSections,
): NavSection[] {
  const { permissions, external } = viewer;
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) =>
          !(item.providerOnly && external) &&
          passesChecks(permissions, item.checks) &&
          canOpenUserPath(permissions, item.to),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * The entry the page at `pathname` belongs to: one whose activeOn matches, else the one with the longest path the
 * page is at or under (the time entries, not the tickets, on /user/tickets/timeEntry).
 */
export function activeNavItem(sections: readonly NavSection[], pathname: string): NavItem | undefined {
  const items = sections.flatMap((section) => section.items);
  const special = items.find((item) => item.activeOn?.test(pathname));
  if (special) return special;
  return items
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
