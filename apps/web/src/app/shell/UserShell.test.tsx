import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Company } from '@kelvin/contract';
import { companyKey } from '../../features/companies/companiesQueries.ts';
import { buildCompany } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { createQueryClient } from '../queryClient.ts';
import { currentUserQueryKey } from '../session/useCurrentUser.ts';
import { UserShell } from './UserShell.tsx';

function renderShell(permissionNames: string[], onSignOut = vi.fn(), company?: Company) {
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
    { initialPath: '/user/dashboard', queryClient },
  );
  return onSignOut;
}

describe('UserShell', () => {
  it('lists only the sections the user may open', async () => {
    renderShell(['tickets:read', 'netsuite:read']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const visible of ['Dashboard', 'Tickets', 'Inventory', 'Data hall']) {
      expect(within(nav).getByRole('link', { name: visible })).toBeInTheDocument();
    }
    for (const hidden of [
      'Overview',
      'Devices',
      'Diagnose',
      'Orders',
      'Uploads',
      'Scheduling',
      'Administration',
      'Settings',
    ]) {
      expect(within(nav).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers a customer operator no Settings entry, as the guard would refuse its page', async () => {
    // The Customer Operator role's grants (drizzle/0003_default_roles.sql): no notificationPreferences:manage.
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
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('leads Settings to the notification settings for a user who may manage them', async () => {
    renderShell(['notificationPreferences:manage']);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/user/settings/notifications',
    );
  });

  it('shows the user, the company, the product version and a Sign Out button', async () => {
    const user = userEvent.setup();
    const onSignOut = renderShell([]);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Ada Operator')).toBeInTheDocument();
    expect(within(nav).getByText('Acme Cooling')).toBeInTheDocument();
    expect(within(nav).getByText('Version 6.45.2')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Page');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it("shows the company's logo in the header, else the Kelvin logo", async () => {
    renderShell(['companies:read'], vi.fn(), buildCompany({ logoUrl: 'https://files.example/acme.png' }));
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Acme Cooling logo' })).toHaveAttribute(
      'src',
      'https://files.example/acme.png',
    );
  });

  it('keeps the Kelvin logo for a company without one', async () => {
    renderShell(['companies:read'], vi.fn(), buildCompany({ logoUrl: null }));
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Kelvin' })).toBeInTheDocument();
  });
});
