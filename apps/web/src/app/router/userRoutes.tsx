import { Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from './adminRoutes.tsx';
import { NotFoundRedirect, RedirectKeepingSearch } from './Redirect.tsx';
import { sectionChecks } from './sectionChecks.ts';
import { lazySection, sectionGroup } from './sectionRoute.tsx';
import { prefetchDiagnose } from '../../features/diagnose/prefetchDiagnose.ts';
import { optionalId } from '../../shared/routing/useIdParam.ts';
import { queryClient } from '../queryClient.ts';

const redirectTo = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

const devices = {
  layout: async () => (await import('../../features/devices/DevicesLayout.tsx')).DevicesLayout,
  assets: async () => (await import('../../features/devices/DeviceAssetsPage.tsx')).DeviceAssetsPage,
  tabs: () => import('../../features/devices/DeviceAssetTabs.tsx'),
  diagnose: async () => (await import('../../features/diagnose/DiagnosePage.tsx')).DiagnosePage,
  liveView: async () => (await import('../../features/liveView/LiveViewPage.tsx')).LiveViewPage,
};

const tickets = {
  list: async () => (await import('../../features/tickets/list/TicketsListPage.tsx')).TicketsListPage,
  assetTab: async () => (await import('../../features/tickets/list/AssetTicketsTab.tsx')).AssetTicketsTab,
  layout: async () => (await import('../../features/tickets/details/TicketLayout.tsx')).TicketLayout,
  details: async () =>
    (await import('../../features/tickets/details/TicketDetailsPage.tsx')).TicketDetailsPage,
  problems: async () =>
    (await import('../../features/tickets/problems/TicketProblemsTab.tsx')).TicketProblemsTab,
  timeEntries: async () => (await import('../../features/timeEntries/TimeEntriesPage.tsx')).TimeEntriesPage,
  form: async () => (await import('../../features/forms/screen/FormScreenPage.tsx')).FormScreenPage,
  formExplorer: async () =>
    (await import('../../features/forms/explorer/FormExplorerPage.tsx')).FormExplorerPage,
};

const billing = {
  orders: async () => (await import('../../features/orders/OrdersPage.tsx')).OrdersPage,
  inventory: async () => (await import('../../features/inventory/InventoryPage.tsx')).InventoryPage,
  netsuiteReturn: async () =>
    (await import('../../features/accounting/NetsuiteReturnPage.tsx')).NetsuiteReturnPage,
  contracts: async () =>
    (await import('../../features/coverage/ContractsViewerPage.tsx')).ContractsViewerPage,
  warranties: async () =>
    (await import('../../features/coverage/WarrantiesViewerPage.tsx')).WarrantiesViewerPage,
};

const later = {
  scheduling: async () => (await import('../../features/scheduling/SchedulingPage.tsx')).SchedulingPage,
  generalSettings: async () =>
    (await import('../../features/settings/GeneralSettingsPage.tsx')).GeneralSettingsPage,
  subscriptions: async () =>
    (await import('../../features/settings/SubscriptionsPage.tsx')).SubscriptionsPage,
  test: async () => (await import('../../features/settings/TestPage.tsx')).TestPage,
  usage: async () => (await import('../../features/usage/UsagePage.tsx')).UsagePage,
};

const maintenance = () => import('../../features/maintenance/DeviceMaintenancePage.tsx');
const problems = {
  all: async () => (await import('../../features/problems/ProblemsPage.tsx')).ProblemsPage,
  device: async () => (await import('../../features/problems/DeviceProblemsPage.tsx')).DeviceProblemsPage,
  automation: async () =>
    (await import('../../features/problems/AssetAutomationTab.tsx')).DeviceAutomationTab,
};

const coverageTabs = () => import('../../features/coverage/AssetCoverageTabs.tsx');

/** Spec order of the device asset tabs; the ones whose areas come later say so. */
const assetTabRoutes: RouteObject[] = [
  {
    path: 'hierarchy',
    ...lazySection('Hierarchy', async () => (await devices.tabs()).DeviceHierarchyTab, {
      id: 'devicesAssets.hierarchy',
    }),
  },
  {
    path: 'tickets',
    ...lazySection('Tickets', tickets.assetTab, {
      id: 'devicesAssets.tickets',
      checks: sectionChecks.tickets,
    }),
  },
  {
    path: 'users',
    ...lazySection('Users', async () => (await devices.tabs()).DeviceUsersTab, { id: 'devicesAssets.users' }),
  },
  {
    path: 'audit',
    ...lazySection('Audit', async () => (await devices.tabs()).DeviceAuditTab, { id: 'devicesAssets.audit' }),
  },
  {
    path: 'properties',
    ...lazySection('Properties', async () => (await devices.tabs()).DevicePropertiesTab, {
      id: 'devicesAssets.properties',
    }),
  },
  {
    path: 'maintenance',
    ...lazySection('Maintenance', async () => (await maintenance()).DeviceMaintenanceTab, {
      id: 'devicesAssets.maintenance',
    }),
  },
  {
    path: 'automation',
    ...lazySection('Automation', problems.automation, { id: 'devicesAssets.automation' }),
  },
  {
    path: 'artifacts',
    ...lazySection('Artifacts', async () => (await devices.tabs()).DeviceArtifactsTab, {
      id: 'devicesAssets.artifacts',
    }),
  },
  {
    path: 'contracts',
    ...lazySection('Contracts', async () => (await coverageTabs()).AssetContractsTab, {
      id: 'devicesAssets.contracts',
    }),
  },
  {
    path: 'warranties',
    ...lazySection('Warranties', async () => (await coverageTabs()).AssetWarrantiesTab, {
      id: 'devicesAssets.warranties',
    }),
  },
];

/** Everything under /user (spec platform-core 2 and work-management 2); each section is lazily loaded. */
export const userRoutes: RouteObject[] = [
  redirectTo('dashboard'),
  {
    path: 'dashboard',
    ...lazySection(
      'Dashboard',
      async () => (await import('../../features/dashboard/DashboardPage.tsx')).DashboardPage,
      { id: 'dashboard' },
    ),
  },
  {
    path: 'overview',
    ...lazySection(
      'Overview',
      async () => (await import('../../features/overview/OverviewPage.tsx')).OverviewPage,
      { id: 'overview', checks: sectionChecks.overview },
    ),
  },
  {
    path: 'devices/:assetId?',
    ...lazySection('Devices', devices.layout, { id: 'devices', checks: sectionChecks.devices }),
    children: [
      // Spec: the device page redirects to the live view.
      redirectTo('liveView'),
      {
        path: 'metrics',
        ...lazySection('Device metrics', devices.diagnose, {
          id: 'devicesMetrics',
          prefetch: (params) => prefetchDiagnose(queryClient, optionalId(params.assetId)),
        }),
      },
      {
        path: 'logs',
        ...lazySection(
          'Device logs',
          async () => (await import('../../features/deviceLogs/DeviceLogsPage.tsx')).DeviceLogsPage,
          { id: 'devicesLogs', checks: sectionChecks.deviceLogs },
        ),
      },
      {
        path: 'liveView',
        ...lazySection('Live view', devices.liveView, { id: 'devicesLiveView' }),
      },
      // The spec names no per-device problems path; ours sits beside the device's other sections.
      {
        path: 'problems',
        ...lazySection('Device problems', problems.device, {
          id: 'devicesProblems',
          checks: sectionChecks.problems,
        }),
      },
      {
        path: 'assets',
        ...lazySection('Device assets', devices.assets, { id: 'devicesAssets' }),
        // Spec: the assets view under a device redirects to its properties tab.
        children: [redirectTo('properties'), ...assetTabRoutes],
      },
    ],
  },
  {
    path: 'datahall/:datahallId?',
    ...lazySection(
      'Data hall',
      async () => (await import('../../features/datahall/DatahallPage.tsx')).DatahallPage,
      { id: 'datahall' },
    ),
  },
  // Spec: the all-devices problems screen's path is not shown (its summary needs detectedProblems:read).
  {
    path: 'problems',
    ...lazySection('Problems', problems.all, { id: 'problems', checks: sectionChecks.problems }),
  },
  // Spec: the device maintenance page's path is not shown; ours sits beside compare.
  {
    path: 'maintenance/:assetId?',
    ...lazySection('Device maintenance', async () => (await maintenance()).DeviceMaintenancePage, {
      id: 'deviceMaintenance',
      checks: sectionChecks.devices,
    }),
  },
  {
    path: 'compare',
    ...lazySection(
      'Compare units',
      async () => (await import('../../features/compare/CompareUnitsPage.tsx')).CompareUnitsPage,
      { id: 'deviceCompare', checks: sectionChecks.devices },
    ),
  },
  // Spec: diagnose redirects to the device metrics page (route devicesMetrics).
  { path: 'diagnose', id: 'diagnose', element: <RedirectKeepingSearch to="/user/devices/metrics" /> },
  {
    path: 'tickets',
    ...sectionGroup('Tickets', { id: 'tickets', checks: sectionChecks.tickets }),
    children: [
      { index: true, ...lazySection('Tickets', tickets.list, { id: 'ticketsList' }) },
      { path: 'timeEntry', ...lazySection('Time entries', tickets.timeEntries, { id: 'ticketsTimeEntry' }) },
      {
        path: 'formExplorer',
        ...lazySection('Form explorer', tickets.formExplorer, { id: 'ticketsFormExplorer' }),
      },
      {
        path: ':ticketId',
        ...lazySection('Ticket', tickets.layout, { id: 'ticket' }),
        children: [
          redirectTo('details'),
          { path: 'details', ...lazySection('Ticket details', tickets.details, { id: 'ticketDetails' }) },
          {
            path: 'problems',
            ...lazySection('Ticket problems', tickets.problems, {
              id: 'ticketProblems',
              checks: sectionChecks.ticketProblems,
            }),
          },
          // Spec: the form screen's route is not shown; ours is a child of the ticket, one per form and asset.
          {
            path: 'forms/:formId/:assetId',
            ...lazySection('Ticket form', tickets.form, { id: 'ticketForm' }),
          },
        ],
      },
    ],
  },
  {
    path: 'scheduling',
    ...lazySection('Scheduling', later.scheduling, { id: 'scheduling', checks: sectionChecks.scheduling }),
  },
  {
    path: 'uploads',
    ...lazySection(
      'Uploads',
      async () => (await import('../../features/uploads/UploadsPage.tsx')).UploadsPage,
      {
        id: 'uploads',
        checks: sectionChecks.uploads,
      },
    ),
  },
  {
    path: 'orders',
    ...lazySection('Orders', billing.orders, { id: 'orders', checks: sectionChecks.orders }),
  },
  {
    path: 'inventory',
    ...lazySection('Global Consumables', billing.inventory, {
      id: 'inventory',
      checks: sectionChecks.inventory,
    }),
  },
  {
    path: 'netsuite',
    ...lazySection('NetSuite', billing.netsuiteReturn, { id: 'netsuite', checks: sectionChecks.netsuite }),
  },
  { path: 'contracts/:contractIds', ...lazySection('Contracts', billing.contracts, { id: 'contracts' }) },
  { path: 'warranties/:warrantyIds', ...lazySection('Warranties', billing.warranties, { id: 'warranties' }) },
  {
    path: 'settings',
    ...sectionGroup('Settings', { id: 'settings' }),
    children: [
      redirectTo('general'),
      {
        path: 'general',
        ...lazySection('General settings', later.generalSettings, { id: 'settingsGeneral' }),
      },
      {
        path: 'notifications/:companyId?',
        ...lazySection(
          'Notification settings',
          async () =>
            (await import('../../features/notifications/NotificationSettingsPage.tsx'))
              .NotificationSettingsPage,
          { id: 'settingsNotifications', checks: sectionChecks.notificationSettings },
        ),
      },
      {
        path: 'subscriptions',
        ...lazySection('Subscriptions', later.subscriptions, { id: 'settingsSubscriptions' }),
      },
    ],
  },
  { path: 'test', ...lazySection('Test', later.test, { id: 'test' }) },
  { path: 'usage', ...lazySection('Usage', later.usage, { id: 'usage', checks: sectionChecks.usage }) },
  { path: 'admin', ...sectionGroup('Administration', { id: 'admin' }), children: adminRoutes },
  { path: '*', element: <NotFoundRedirect /> },
];
