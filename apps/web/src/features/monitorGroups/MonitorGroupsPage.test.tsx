import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MonitorGroup } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { buildCompany } from '../../test/assetFactories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { MonitorGroupsPage } from './MonitorGroupsPage.tsx';
import { buildGroup, signInCustomer } from './monitorGroupsTestData.ts';

const base = '/user/admin/companies/:companyId/monitorGroups';

function renderList(groups: MonitorGroup[] | Promise<never>, { write = true } = {}) {
  const api = fakeApi([
    { method: 'GET', path: /^\/companies\/2$/, reply: { body: buildCompany() } },
    { method: 'POST', path: /^\/monitorGroups\.list$/, reply: { body: groups } },
    {
      method: 'POST',
      path: /^\/monitorGroups\.create$/,
      reply: { body: buildGroup({ monitorGroupId: 9, name: 'Hall 2 watch', problemRuleDefinitionIds: [] }) },
    },
  ]);
  const queryClient = createQueryClient();
  signInCustomer(queryClient, { write });
  const rendered = renderWithRouter(
    [
      { path: base, element: <MonitorGroupsPage /> },
      { path: `${base}/:monitorGroupId`, element: <p>Group page</p> },
    ],
    { initialPath: '/user/admin/companies/2/monitorGroups', queryClient },
  );
  return { ...rendered, ...api };
}

afterEach(() => vi.unstubAllGlobals());

describe('monitor groups list', () => {
  it('lists the company’s groups and the library’s with their company, rules and assets', async () => {
    renderList([
      buildGroup(),
      buildGroup({
        monitorGroupId: 6,
        companyId: 1,
        name: 'Standard CRAH',
        problemRuleDefinitionIds: [],
        assetCount: 0,
      }),
    ]);
    const table = screen.getByRole('table', { name: 'Monitor groups' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    const own = await screen.findByRole('row', { name: /CRAH watch/ });
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(within(own).getByRole('link', { name: 'CRAH watch' })).toHaveAttribute(
      'href',
      '/user/admin/companies/2/monitorGroups/5',
    );
    await waitFor(() => expect(within(own).getAllByText('Acme Cooling')).toHaveLength(2));
    expect(
      within(own)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
      // The name's cell repeats the company for phones, where the company's column is hidden.
    ).toEqual(['CRAH watchAcme Cooling', 'Acme Cooling', '1', '3']);
    const library = screen.getByRole('row', { name: /Standard CRAH/ });
    expect(within(library).getAllByText('Library')).toHaveLength(2);
    expect(within(library).getByText('No rules')).toBeInTheDocument();
  });

  it('creates a group and opens it', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderList([]);
    expect(await screen.findByText(/No monitor groups yet. Create one/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New monitor group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New monitor group' });
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Hall 2 watch ');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/user/admin/companies/2/monitorGroups/9'),
    );
    expect(requests.find((request) => request.path === '/monitorGroups.create')?.body).toEqual({
      companyId: 2,
      name: 'Hall 2 watch',
      description: null,
    });
  });

  it('offers no create without problemRules:write, and says who can', async () => {
    renderList([], { write: false });
    expect(
      await screen.findByText('No monitor groups yet. An administrator of this company can create one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New monitor group' })).not.toBeInTheDocument();
  });

  it('says what went wrong when the groups cannot load', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: /^\/monitorGroups\.list$/,
        reply: {
          status: 403,
          body: { message: 'You need the detectedProblems:read permission to do this.', code: 'FORBIDDEN' },
        },
      },
    ]);
    const queryClient = createQueryClient();
    signInCustomer(queryClient, { write: true });
    renderWithRouter([{ path: base, element: <MonitorGroupsPage /> }], {
      initialPath: '/user/admin/companies/2/monitorGroups',
      queryClient,
    });
    // Toasts of earlier tests are alerts too: this one is the page's.
    const alert = (await screen.findByText('Unable to load the monitor groups')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('You need the detectedProblems:read permission to do this.');
    expect(api.requests.length).toBeGreaterThan(0);
  });
});
