import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanySubscription, CurrentUser, UnitSubscription } from '@kelvin/contract';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { createQueryClient } from '../../../app/queryClient.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { SubscriptionsPage } from '../SubscriptionsPage.tsx';

const byPlan = (counts: Partial<CompanySubscription['unitsByPlan']>) => ({
  OBSERVABILITY: 0,
  ENHANCED_MONITORING_AND_DIAGNOSTICS: 0,
  ENHANCED_SUPPORT: 0,
  SERVICE_CONTRACT: 0,
  ...counts,
});
const alpha: CompanySubscription = {
  companyId: 2,
  name: 'Alpha Hosting',
  plan: 'OBSERVABILITY',
  unitCount: 3,
  unitsByPlan: byPlan({ OBSERVABILITY: 2, ENHANCED_SUPPORT: 1 }),
};
const units: UnitSubscription[] = [
  { assetId: 11, companyId: 2, name: 'AN-CRAH-01', subscription: null, plan: 'OBSERVABILITY' },
  {
    assetId: 12,
    companyId: 2,
    name: 'AN-CRAH-02',
    subscription: 'ENHANCED_SUPPORT',
    plan: 'ENHANCED_SUPPORT',
  },
];
const paged = <T,>(content: T[]) => ({
  body: { content, pageable: { totalSize: content.length, pageSize: 25, pageNumber: 0 } },
});

function renderPage(me: CurrentUser) {
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/subscriptions\.summary$/,
      reply: {
        body: {
          plans: [
            { plan: 'OBSERVABILITY', companies: 1, units: 2 },
            { plan: 'ENHANCED_MONITORING_AND_DIAGNOSTICS', companies: 0, units: 0 },
            { plan: 'ENHANCED_SUPPORT', companies: 0, units: 1 },
            { plan: 'SERVICE_CONTRACT', companies: 1, units: 0 },
          ],
        },
      },
    },
    { method: 'POST', path: /^\/subscriptions\.companies\.list$/, reply: paged([alpha]) },
    { method: 'POST', path: /^\/subscriptions\.assets\.list$/, reply: paged(units) },
    { method: 'POST', path: /^\/subscriptions\.assets\.set$/, reply: { body: { content: [] } } },
    { method: 'POST', path: /^\/subscriptions\.companies\.set$/, reply: { body: alpha } },
    { method: 'GET', path: /^\/users\/me$/, reply: { body: me } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me);
  renderWithRouter([{ path: '/', element: <SubscriptionsPage /> }], { queryClient });
  return api;
}

const everyCompany = [{ attributes: { companyId: { type: 'ALL' as const } } }];
const staff = buildCurrentUser([], {
  user: { ...buildCurrentUser().user, companyId: 1 },
  permissions: {
    'assets:read': everyCompany,
    'assets:write': everyCompany,
    'companies:write': everyCompany,
  },
});
const customer = buildCurrentUser(['assets:read', 'assets:write']);

afterEach(() => vi.unstubAllGlobals());

describe('SubscriptionsPage', { timeout: 30_000 }, () => {
  it('shows the four plans with what each unlocks and their counts, and the companies with their units per plan', async () => {
    renderPage(staff);
    expect(screen.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeInTheDocument();
    const contract = screen.getByRole('region', { name: 'Service Contract' });
    expect(within(contract).getByText('Scheduled maintenance')).toBeInTheDocument();
    expect(await within(contract).findByText('1 company')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Companies and their plans' });
    expect(await within(table).findByText('Alpha Hosting')).toBeInTheDocument();
    expect(within(table).getByText('Enhanced Support: 1')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Plan of Alpha Hosting' })).toHaveValue(
      'Observability',
    );
  });

  it('lets provider staff set the plan of the selected units at once', async () => {
    const api = renderPage(staff);
    await userEvent.click(await screen.findByRole('button', { name: '3 units of Alpha Hosting' }));
    const drawer = await screen.findByRole('dialog', { name: 'Units of Alpha Hosting' });
    await userEvent.click(await within(drawer).findByRole('checkbox', { name: 'Select AN-CRAH-01' }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Select AN-CRAH-02' }));
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Plan for the selected units' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Service Contract' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Set plan of 2 units' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/subscriptions.assets.set')?.body).toEqual({
        assetIds: [11, 12],
        subscription: 'SERVICE_CONTRACT',
      }),
    );
  });

  it('shows customers their plans read-only, even with assets:write', async () => {
    renderPage(customer);
    const table = await screen.findByRole('table', { name: 'Companies and their plans' });
    expect(await within(table).findByText('Observability')).toBeInTheDocument();
    expect(within(table).queryByRole('combobox', { name: 'Plan of Alpha Hosting' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '3 units of Alpha Hosting' }));
    const drawer = await screen.findByRole('dialog', { name: 'Units of Alpha Hosting' });
    expect(await within(drawer).findByText('AN-CRAH-02')).toBeInTheDocument();
    expect(within(drawer).queryByRole('checkbox')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Set plan/ })).toBeNull();
  });
});
