import type { PermissionCheck } from '@kelvin/domain';

const need = (...permissions: string[]): readonly PermissionCheck[] =>
  permissions.map((permission) => ({ permission }));

/** Permission checks of the spec's routes (platform-core 2, work-management 2), shared by routes and navigation. */
export const sectionChecks = {
  devices: need('assets:read', 'metrics:read'),
  overview: need('assets:read', 'metrics:read'),
  deviceLogs: need('assets:logs:read'),
  tickets: need('tickets:read'),
  ticketProblems: need('kyotoEventDetails:read', 'detectedProblems:read'),
  // Spec: the problem summary for all devices needs detectedProblems:read.
  problems: need('detectedProblems:read'),
  uploads: need('fileAttachments:manageAssetReadingAttachment'),
  orders: need('netsuite:manage'),
  inventory: need('netsuite:read'),
  netsuite: need('netsuite:read'),
  scheduling: need('schedules:read'),
  notificationSettings: need('notificationPreferences:manage'),
  // Ours: the usage page is for the provider's administrators.
  usage: need('analytics:read'),
  // The spec does not name the administration permissions; these are ours.
  adminCompanies: need('companies:read'),
  adminUsers: need('users:read'),
  adminAssets: need('assets:read'),
  adminMonitorGroups: need('detectedProblems:read'),
} satisfies Record<string, readonly PermissionCheck[]>;
