import type { Locator, Page } from 'playwright-core';

/** The demo's records the screens open: Northwind's first units, data hall, ticket, monitor group and user. */
export interface Fixture {
  companyId: number;
  unitId: number;
  otherUnitId: number;
  hallId: number;
  ticketId: number;
  monitorGroupId: number;
  userId: number;
  /** admin@kelvin.example, who signs in. */
  adminId: number;
}

/** One screen of the console as the accessibility check visits it. */
export interface Screen {
  /** The name known findings refer to. */
  name: string;
  /** The hash route, e.g. /user/dashboard. */
  path: (fixture: Fixture) => string;
  /** Visible once the screen shows its content (not a loader, not an error). */
  ready: (page: Page) => Locator;
  /** What to open on the screen before the check (a drawer, a popover). */
  open?: (page: Page) => Promise<void>;
  /** Checked at 390×844 too. */
  phone?: boolean;
  /** Visited without signing in. */
  signedOut?: boolean;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value);
/** Opens a dialog with the button of that name and waits for the dialog of that title. */
const dialog = (button: string, title: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole('dialog', { name: title }).waitFor();
};
const tab = (name: string | RegExp) => (page: Page) => page.getByRole('tab', { name, selected: true });

/** Every route of apps/web/src/app/router that shows a screen of its own (redirects aside; one tab of an area built later). */
export const screens: readonly Screen[] = [
  { name: 'landing', path: () => '/', ready: text(/Kelvin/), signedOut: true },
  {
    name: 'logged out',
    path: () => '/loggedOut',
    ready: text('Your session is no longer active.'),
    signedOut: true,
  },
  {
    name: 'unauthorized',
    path: () => '/unauthorized',
    ready: text('You are not authorized to access this application.'),
    signedOut: true,
  },
  {
    name: 'sign-in',
    path: () => '/login',
    ready: (page) => page.getByRole('button', { name: 'Sign in' }),
    signedOut: true,
  },
  { name: 'dashboard', path: () => '/user/dashboard', ready: heading('Your fleet at a glance'), phone: true },
  {
    name: 'notifications bell',
    path: () => '/user/dashboard',
    ready: heading('Your fleet at a glance'),
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    },
  },
  { name: 'overview', path: () => '/user/overview', ready: heading(/Overview/), phone: true },
  {
    name: 'devices: live view',
    path: (f) => `/user/devices/${f.unitId}/liveView`,
    ready: text(/Live/),
    phone: true,
  },
  {
    name: 'devices: metrics (diagnose)',
    path: (f) => `/user/devices/${f.unitId}/metrics`,
    ready: text(/Metric/),
    phone: true,
  },
  { name: 'devices: logs', path: (f) => `/user/devices/${f.unitId}/logs`, ready: text(/Log/) },
  { name: 'devices: problems', path: (f) => `/user/devices/${f.unitId}/problems`, ready: text(/humidity/i) },
  ...(
    [
      'hierarchy',
      'tickets',
      'users',
      'audit',
      'properties',
      'maintenance',
      'automation',
      'artifacts',
    ] as const
  ).map((assetTab): Screen => ({
    name: `devices: assets, ${assetTab}`,
    path: (f) => `/user/devices/${f.unitId}/assets/${assetTab}`,
    ready: tab(new RegExp(assetTab, 'i')),
  })),
  { name: 'data hall', path: (f) => `/user/datahall/${f.hallId}`, ready: text(/hall/i), phone: true },
  { name: 'problems', path: () => '/user/problems', ready: text(/humidity high/), phone: true },
  {
    name: 'problems: details drawer',
    path: () => '/user/problems',
    ready: text(/humidity high/),
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Details of Return air humidity high/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Alert view' }).waitFor();
    },
    phone: true,
  },
  { name: 'maintenance', path: (f) => `/user/maintenance/${f.unitId}`, ready: text(/Maintenance/) },
  {
    name: 'maintenance: plan dialog',
    path: (f) => `/user/maintenance/${f.unitId}`,
    ready: (page) => page.getByRole('button', { name: 'Plan maintenance', exact: true }),
    open: dialog('Plan maintenance', /^Plan maintenance for /),
  },
  {
    name: 'compare',
    path: (f) => `/user/compare?assetIds=${f.unitId},${f.otherUnitId}`,
    ready: text(/Compare/),
  },
  { name: 'tickets', path: () => '/user/tickets', ready: heading(/Tickets/), phone: true },
  { name: 'scheduling', path: () => '/user/scheduling', ready: heading('Scheduling'), phone: true },
  {
    name: 'tickets: new ticket dialog',
    path: () => '/user/tickets',
    ready: heading(/Tickets/),
    open: async (page) => {
      await page.getByRole('button', { name: 'New ticket' }).click();
      await page.getByRole('dialog', { name: 'New ticket' }).waitFor();
    },
  },
  { name: 'tickets: time entries', path: () => '/user/tickets/timeEntry', ready: text(/Time entries/) },
  {
    name: 'tickets: form explorer',
    path: () => '/user/tickets/formExplorer',
    ready: heading('Form explorer'),
    phone: true,
  },
  { name: 'admin: forms', path: () => '/user/admin/forms', ready: heading('Forms') },
  {
    name: 'ticket: details',
    path: (f) => `/user/tickets/${f.ticketId}/details`,
    ready: tab(/Details/),
    phone: true,
  },
  { name: 'ticket: problems', path: (f) => `/user/tickets/${f.ticketId}/problems`, ready: tab(/Problems/) },
  { name: 'uploads', path: () => '/user/uploads', ready: text(/Uploads/) },
  {
    name: 'uploads: upload dialog',
    path: () => '/user/uploads',
    ready: (page) => page.getByRole('button', { name: 'Upload Asset Data', exact: true }),
    open: dialog('Upload Asset Data', 'Upload Asset Data'),
  },
  {
    name: 'settings: notifications and webhooks',
    path: (f) => `/user/settings/notifications/${f.companyId}`,
    ready: text(/Webhooks/),
    phone: true,
  },
  { name: 'admin: companies', path: () => '/user/admin/companies', ready: text(/Northwind/) },
  {
    name: 'admin: company assets',
    path: (f) => `/user/admin/companies/${f.companyId}/assets`,
    ready: tab(/Assets/),
  },
  {
    name: 'admin: asset children',
    path: (f) => `/user/admin/companies/${f.companyId}/assets/${f.unitId}/assets`,
    ready: tab(/Assets/),
  },
  {
    name: 'admin: asset monitoring and thresholds',
    path: (f) => `/user/admin/companies/${f.companyId}/assets/${f.unitId}/monitoring`,
    ready: tab(/Monitoring/),
  },
  {
    name: 'admin: asset users',
    path: (f) => `/user/admin/companies/${f.companyId}/assets/${f.unitId}/users`,
    ready: tab(/Users/),
  },
  {
    name: 'admin: asset audit',
    path: (f) => `/user/admin/companies/${f.companyId}/assets/${f.unitId}/audit`,
    ready: tab(/Audit/),
  },
  {
    name: 'admin: monitor groups',
    path: (f) => `/user/admin/companies/${f.companyId}/monitorGroups`,
    ready: tab(/Monitor/),
  },
  {
    name: 'admin: monitor group',
    path: (f) => `/user/admin/companies/${f.companyId}/monitorGroups/${f.monitorGroupId}`,
    ready: text(/Rules/),
  },
  {
    name: 'admin: edit company dialog',
    path: (f) => `/user/admin/companies/${f.companyId}/assets`,
    ready: (page) => page.getByRole('button', { name: 'Edit company', exact: true }),
    open: dialog('Edit company', 'Edit company'),
  },
  { name: 'admin: users', path: (f) => `/user/admin/companies/${f.companyId}/users`, ready: tab(/Users/) },
  {
    name: 'admin: create user dialog',
    path: (f) => `/user/admin/companies/${f.companyId}/users`,
    ready: (page) => page.getByRole('button', { name: 'Create user', exact: true }),
    open: dialog('Create user', 'Create user'),
  },
  {
    name: 'admin: user details',
    path: (f) => `/user/admin/companies/${f.companyId}/users/${f.userId}/details`,
    ready: tab(/Details/),
  },
  {
    name: 'admin: user assets',
    path: (f) => `/user/admin/companies/${f.companyId}/users/${f.userId}/assets`,
    ready: tab(/Assets/),
  },
  {
    name: 'admin: user permissions and roles',
    path: (f) => `/user/admin/companies/${f.companyId}/users/${f.userId}/permissions`,
    ready: tab(/Permissions/),
  },
  {
    name: 'devices: assets, a tab that comes later',
    path: (f) => `/user/devices/${f.unitId}/assets/contracts`,
    ready: heading('Contracts'),
  },
  { name: 'not found', path: () => '/notFound?url=%2Fnowhere', ready: text(/not found/i) },
];
