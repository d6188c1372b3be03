import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildTicketUser } from '../tickets/details/ticketTestData.ts';
import { InventoryPage } from './InventoryPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const everyCompany: CurrentUser['permissions'][string] = [{ attributes: { companyId: { type: 'ALL' } } }];

function parts(request: FakeRequest, external: boolean) {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const search = 'search' in body && typeof body.search === 'string' ? body.search : '';
  const offset = 'offset' in body && typeof body.offset === 'number' ? body.offset : 0;
  const all = Array.from({ length: 45 }, (_, index) => ({
    id: 1000 + index,
    itemId: `PRT-${10_000 + index}`,
    displayName: index % 2 === 0 ? `EC fan ${index}` : `Filter ${index}`,
    mpn: `M-${index}`,
    manufacturer: 'EBM-Papst',
    weightUnits: 'ea',
    basePrice: 1234.5,
    ...(external
      ? {}
      : { totalQuantityOnHand: 7, costEstimate: 800, averageCost: 790.25, lastPurchasePrice: 780 }),
  })).filter((part) => search === '' || part.displayName.toLowerCase().includes(search.toLowerCase()));
  const items = all.slice(offset, offset + 20);
  return { body: { items, offset, limit: 20, totalResults: all.length, hasMore: offset + 20 < all.length } };
}

function renderPage({ external = false, status }: { external?: boolean; status?: number } = {}) {
  const me = buildTicketUser({ external });
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/netsuite\.inventoryItems\.list$/,
      reply: (request) =>
        status === undefined
          ? parts(request, external)
          : {
              status,
              body: {
                message: 'NetSuite is not connected. Sign in to NetSuite from the Orders page.',
                code: 'CONFLICT',
              },
            },
    },
    {
      method: 'POST',
      path: /^\/netsuite\.serviceSalesItems\.list$/,
      reply: {
        body: {
          items: [
            {
              id: 7,
              itemId: 'LABOR-FIELD',
              displayName: 'Field labour',
              basePrice: 95,
              costEstimate: 40,
              averageCost: 41,
              lastPurchasePrice: null,
            },
          ],
          offset: 0,
          limit: 20,
          totalResults: 1,
          hasMore: false,
        },
      },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, {
    ...me,
    permissions: { ...me.permissions, 'netsuite:read': everyCompany },
  });
  renderWithRouter([{ path: '/', element: <InventoryPage /> }], { queryClient });
  return api;
}

const listBodies = (api: ReturnType<typeof fakeApi>) =>
  api.requests
    .filter((request) => request.path === '/netsuite.inventoryItems.list')
    .map((request) => request.body);

describe('InventoryPage', { timeout: 20_000 }, () => {
  it('shows parts with cost columns right-aligned for provider staff, and pages in blocks of 20', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    expect(screen.getByRole('heading', { name: 'Global Consumables' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Parts' });
    for (const header of ['Quantity', 'Estimated Cost', 'Average Cost', 'Last Purchase Price', 'Sales Price'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const cost = await within(table).findAllByText(
      (790.25).toLocaleString(undefined, { minimumFractionDigits: 2 }),
    );
    expect(cost[0]).toHaveStyle({ textAlign: 'right' });
    expect(listBodies(api)).toEqual([{ limit: 20, offset: 0 }]);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listBodies(api)).toContainEqual({ limit: 20, offset: 20 }), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    // The first block is kept: going back does not ask again.
    await screen.findByText('Showing 1–20 of 45');
    expect(listBodies(api).filter((body) => JSON.stringify(body).includes('"offset":0'))).toHaveLength(1);
  });

  it('searches once after the user stops typing, from the first page', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await screen.findByRole('table', { name: 'Parts' });
    await user.type(screen.getByLabelText('Search'), 'fan');
    await waitFor(() => expect(listBodies(api)).toContainEqual({ limit: 20, offset: 0, search: 'fan' }), {
      timeout: 5000,
    });
    expect(listBodies(api).filter((body) => JSON.stringify(body).includes('search'))).toHaveLength(1);
    expect(await screen.findByText('Showing 1–20 of 23')).toBeInTheDocument();
  });

  it('shows an external user no quantity or cost columns', async () => {
    renderPage({ external: true });
    const table = await screen.findByRole('table', { name: 'Parts' });
    await within(table).findByText('PRT-10000');
    for (const header of ['Quantity', 'Estimated Cost', 'Average Cost', 'Last Purchase Price'])
      expect(within(table).queryByRole('columnheader', { name: header })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Sales Price' })).toBeInTheDocument();
  });

  it('lists services on their tab', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Services' }));
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(await within(table).findByText('LABOR-FIELD')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Estimated Cost' })).toBeInTheDocument();
  });

  it('says NetSuite is not connected and who can connect it', async () => {
    renderPage({ status: 409 });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('NetSuite is not connected')).toBeInTheDocument();
    expect(
      within(alert).getByText('NetSuite is not connected. Sign in to NetSuite from the Orders page.'),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText(/Ask a provider administrator to sign in to NetSuite/),
    ).toBeInTheDocument();
  });
});
