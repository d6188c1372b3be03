import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '@kelvin/contract';
import { companyKey } from '../../features/companies/companiesQueries.ts';
import { buildCompany } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { COLOR_SCHEME_STORAGE_KEY } from '../providers/colorScheme.ts';
import { createQueryClient } from '../queryClient.ts';
import { currentUserQueryKey } from '../session/useCurrentUser.ts';
import { NAV_RAIL_STORAGE_KEY, UserShell } from './UserShell.tsx';

function renderShell(
  permissionNames: string[],
  {
    onSignOut = vi.fn(),
    company,
    path = '/user/dashboard',
  }: { onSignOut?: () => void; company?: Company; path?: string } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(permissionNames));
  if (company) queryClient.setQueryData(companyKey(company.companyId), company);
  renderWithRouter(
    [
      {
        path: '/user/*',
        element: (
          <UserShell onSignOut={onSignOut}>
            <h1>Page</h1>
          </UserShell>
        ),
      },
    ],
    { initialPath: path, queryClient },
  );
  return onSignOut;
}

/** Makes the window as wide as a laptop's (Mantine's sm breakpoint and up), where the rail exists. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const preferencesApi = (colorScheme: 'light' | 'dark' | 'system') =>
  fakeApi([
    { method: 'GET', path: /^\/users\/me\/preferences$/, reply: { body: { colorScheme } } },
    {
      method: 'POST',
      path: /^\/users\/me\/preferences\.update$/,
      reply: ({ body }) => ({ body: { colorScheme, ...(typeof body === 'object' ? body : {}) } }),
    },
  ]);

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('UserShell navigation', () => {
  it('shows the sections with the entries the user may open, the current one marked', async () => {
    renderShell(['tickets:read', 'netsuite:read', 'schedules:read'], { path: '/user/tickets/12/details' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const monitoring = within(nav).getByRole('region', { name: 'Monitoring' });
    expect(within(monitoring).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    const work = within(nav).getByRole('region', { name: 'Work' });
    expect(within(work).getByRole('link', { name: 'Tickets' })).toHaveAttribute('aria-current', 'page');
    expect(within(work).getByRole('link', { name: 'Time entries' })).not.toHaveAttribute('aria-current');
    expect(within(work).getByRole('link', { name: 'Inventory' })).toBeInTheDocument();
    expect(within(work).getByRole('link', { name: 'Scheduling' })).toBeInTheDocument();
    // What the user may not open has no entry.
    for (const hidden of ['Orders', 'Overview', 'Uploads', 'Company administration', 'Usage'])
      expect(within(nav).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('region', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('offers a customer operator their own settings but not the notification settings the guard would refuse', async () => {
    renderShell([
      'assets:read',
      'metrics:read',
      'tickets:read',
      'kyotoEventDetails:read',
      'detectedProblems:read',
      'detectedProblems:write',
      'schedules:read',
    ]);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Devices' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'General settings' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Notification settings' })).not.toBeInTheDocument();
  });

  it('leads the settings entry to the notification settings for a user who may manage them', async () => {
    renderShell(['notificationPreferences:manage']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/user/settings/notifications',
    );
  });

  it('collapses to an icon rail whose entries keep their names, and keeps that for the browser', async () => {
    wideScreen();
    renderShell(['tickets:read']);
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Monitoring')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Collapse navigation' }));

    expect(within(nav).queryByText('Monitoring')).not.toBeInTheDocument();
    const tickets = within(nav).getByRole('link', { name: 'Tickets' });
    expect(tickets).not.toHaveTextContent('Tickets');
    expect(window.localStorage.getItem(NAV_RAIL_STORAGE_KEY)).toBe('true');
    // The rail's tooltip names the icon on hover and on keyboard focus.
    await user.hover(tickets);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Tickets');
    await user.click(within(nav).getByRole('button', { name: 'Expand navigation' }));
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toHaveTextContent('Tickets');
    expect(window.localStorage.getItem(NAV_RAIL_STORAGE_KEY)).toBe('false');
  });

  it('opens as the rail when this browser last chose it', async () => {
    wideScreen();
    window.localStorage.setItem(NAV_RAIL_STORAGE_KEY, 'true');
    renderShell(['tickets:read']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    expect(within(nav).queryByText('Work')).not.toBeInTheDocument();
  });

  it('has no rail on a phone: the burger opens the full navigation', async () => {
    window.localStorage.setItem(NAV_RAIL_STORAGE_KEY, 'true');
    renderShell(['tickets:read']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('button', { name: /navigation/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toHaveTextContent('Tickets');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('reaches every entry with the keyboard', async () => {
    renderShell(['tickets:read']);
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    const reached = new Set<Element>();
    for (let press = 0; press < 20 && reached.size < links.length; press++) {
      await user.tab();
      const focused = links.find((link) => link === document.activeElement);
      if (focused) reached.add(focused);
    }
    expect(reached.size).toBe(links.length);
  });
});

describe('UserShell user menu', () => {
  it('shows the user, the company and the product version, and signs out', async () => {
    preferencesApi('system');
    const user = userEvent.setup();
    const onSignOut = renderShell([]);
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada Operator')).toBeInTheDocument();
    expect(within(menu).getByText('Acme Cooling')).toBeInTheDocument();
    expect(within(menu).getByText('Version 6.45.2')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Page');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('applies a chosen colour scheme at once and saves it for the user', async () => {
    const { requests } = preferencesApi('light');
    const user = userEvent.setup();
    renderShell([]);
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'),
    );
    await user.click(await screen.findByRole('button', { name: /user menu/i }));
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));

    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() =>
      expect(requests).toContainEqual({
        method: 'POST',
        path: '/users/me/preferences.update',
        body: { colorScheme: 'dark' },
      }),
    );
    // A radio item leaves the menu open, showing the new choice.
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'false');
  });

  it("lets the server's choice win over this browser's copy", async () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    preferencesApi('dark');
    renderShell([]);
    await waitFor(() =>
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'),
    );
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });
});

describe('UserShell header', () => {
  it("shows the company's logo in the header, else the Kelvin logo", async () => {
    renderShell(['companies:read'], {
      company: buildCompany({ logoUrl: 'https://files.example/acme.png' }),
    });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Acme Cooling logo' })).toHaveAttribute(
      'src',
      'https://files.example/acme.png',
    );
  });

  it('keeps the Kelvin logo for a company without one', async () => {
    renderShell(['companies:read'], { company: buildCompany({ logoUrl: null }) });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Kelvin' })).toBeInTheDocument();
  });
});
