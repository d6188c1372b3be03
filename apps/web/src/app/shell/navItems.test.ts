import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../test/factories.ts';
import { activeNavItem, navSections, visibleNavSections } from './navItems.ts';

/** The default roles' permission names (apps/server/drizzle/0003_default_roles.sql and later grants). */
const rolePermissions = {
  customerOperator: [
    'assets:read',
    'metrics:read',
    'tickets:read',
    'kyotoEventDetails:read',
    'detectedProblems:read',
    'detectedProblems:write',
    'schedules:read',
  ],
  providerTechnician: [
    'assets:read',
    'assets:logs:read',
    'metrics:read',
    'companies:read',
    'users:read',
    'tickets:read',
    'tickets:write',
    'kyotoEventDetails:read',
    'detectedProblems:read',
    'detectedProblems:write',
    'fileAttachments:manageAssetReadingAttachment',
    'netsuite:read',
    'notificationPreferences:manage',
    'schedules:read',
    'schedules:write',
  ],
  providerAdministrator: [
    'assets:read',
    'assets:write',
    'assets:logs:read',
    'metrics:read',
    'companies:read',
    'companies:write',
    'users:read',
    'users:write',
    'roles:manage',
    'tickets:read',
    'tickets:write',
    'kyotoEventDetails:read',
    'detectedProblems:read',
    'detectedProblems:write',
    'fileAttachments:manageAssetReadingAttachment',
    'netsuite:read',
    'netsuite:manage',
    'notificationPreferences:manage',
    'schedules:read',
    'schedules:write',
    'analytics:read',
  ],
} as const;

const menuOf = (permissionNames: readonly string[], external = false) =>
  visibleNavSections({ permissions: buildCurrentUser(permissionNames).permissions, external }).map(
    (section) => [section.title, section.items.map((item) => item.label)],
  );

describe('the navigation per role', () => {
  it('gives a customer operator monitoring and tickets, nothing they may not open', () => {
    expect(menuOf(rolePermissions.customerOperator)).toEqual([
      [
        'Monitoring',
        [
          'Dashboard',
          'Overview',
          'Devices',
          'Problems',
          'Compare units',
          'Maintenance',
          'Data hall',
          'Diagnose',
        ],
      ],
      ['Work', ['Tickets', 'Scheduling', 'Time entries', 'Form explorer']],
      ['Settings', ['General settings', 'Subscriptions']],
    ]);
  });

  it('gives a provider technician uploads, administration and notification settings, but not usage', () => {
    expect(menuOf(rolePermissions.providerTechnician)).toEqual([
      [
        'Monitoring',
        [
          'Dashboard',
          'Overview',
          'Devices',
          'Problems',
          'Compare units',
          'Maintenance',
          'Data hall',
          'Diagnose',
        ],
      ],
      ['Work', ['Tickets', 'Scheduling', 'Time entries', 'Form explorer', 'Uploads', 'Inventory']],
      ['Administration', ['Company administration', 'Forms']],
      ['Settings', ['General settings', 'Subscriptions', 'Notification settings']],
    ]);
  });

  it('offers the form editor to those who may change tickets (tickets:write), not to a customer operator', () => {
    expect(menuOf(['tickets:read', 'tickets:write'])).toContainEqual(['Administration', ['Forms']]);
    expect(menuOf(rolePermissions.customerOperator).flatMap(([, items]) => items)).not.toContain('Forms');
    // Form definitions are the provider's: a customer's user who may change tickets does not get the entry.
    expect(menuOf(['tickets:read', 'tickets:write'], true).flatMap(([, items]) => items)).not.toContain(
      'Forms',
    );
  });

  it('gives an administrator every section, usage included', () => {
    const labels = menuOf(rolePermissions.providerAdministrator).flatMap(([, items]) => items);
    expect(labels).toContain('Company administration');
    // Orders need netsuite:manage, which only the provider's administrators hold; usage analytics:read.
    expect(labels).toEqual(expect.arrayContaining(['Orders', 'Inventory', 'Scheduling', 'Usage']));
    expect(labels).toHaveLength(navSections.flatMap((section) => section.items).length);
  });

  it('leaves out a section with no entry for the user', () => {
    expect(menuOf([])).toEqual([
      ['Monitoring', ['Dashboard', 'Data hall']],
      ['Settings', ['General settings', 'Subscriptions']],
    ]);
  });
});

describe('activeNavItem', () => {
  const sections = visibleNavSections({
    permissions: buildCurrentUser(rolePermissions.providerAdministrator).permissions,
    external: false,
  });
  const activeAt = (pathname: string) => activeNavItem(sections, pathname)?.label;

  it('marks the entry whose path the page is at or under, the longest first', () => {
    expect(activeAt('/user/dashboard')).toBe('Dashboard');
    expect(activeAt('/user/tickets/42/details')).toBe('Tickets');
    expect(activeAt('/user/tickets/timeEntry')).toBe('Time entries');
    expect(activeAt('/user/devices/12/liveView')).toBe('Devices');
    expect(activeAt('/user/admin/companies/3/users')).toBe('Company administration');
    expect(activeAt('/user/admin/forms/7')).toBe('Forms');
  });

  it('marks Diagnose on the device metrics page its path redirects to', () => {
    expect(activeAt('/user/devices/metrics')).toBe('Diagnose');
    expect(activeAt('/user/devices/12/metrics')).toBe('Diagnose');
  });

  it('marks nothing on a page no entry leads to', () => {
    expect(activeAt('/user/test')).toBeUndefined();
    expect(activeAt('/user/datahallx')).toBeUndefined();
  });
});
