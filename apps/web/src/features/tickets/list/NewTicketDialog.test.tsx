import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { AssetTickets } from './AssetTicketsTab.tsx';
import { buildTicketListItem, fakeTicketsServer, ticketOf } from './ticketListTestData.ts';

afterEach(() => vi.unstubAllGlobals());

const everyCompany = { attributes: { companyId: { type: 'ALL' as const } } };

describe('asset tickets tab and New ticket', { timeout: 40_000 }, () => {
  it("lists the asset's tickets and creates one for the asset, then opens it", async () => {
    const user = userEvent.setup();
    const server = fakeTicketsServer([buildTicketListItem({ ticketId: 3, title: 'Belt worn' })]);
    const api = fakeApi([
      ...server.routes,
      {
        method: 'POST',
        path: /^\/tickets\.create$/,
        reply: { body: ticketOf(buildTicketListItem({ ticketId: 99, title: 'Door seal' })) },
      },
      { method: 'GET', path: /^\/coreEnums/, reply: { body: [] } },
      { method: 'GET', path: /^\/assets/, reply: { body: [] } },
    ]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(
      currentUserQueryKey,
      buildCurrentUser([], {
        permissions: { 'tickets:read': [everyCompany], 'tickets:write': [everyCompany] },
      }),
    );
    const { router } = renderWithRouter(
      [
        { path: '/', element: <AssetTickets asset={{ assetId: 11, companyId: 2 }} /> },
        { path: '/user/tickets/:ticketId/details', element: <p>Details page</p> },
      ],
      { queryClient },
    );
    expect(await screen.findByText('Belt worn')).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/tickets.list')?.body).toMatchObject({
      filter: { statusIds: [0, 2, 3, 4, 5, 7], assetIds: [11] },
    });

    await user.click(screen.getByRole('button', { name: 'New ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    expect(screen.queryByText('Visibility')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/tickets.create')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Door seal');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/tickets/99/details'));
    expect(api.requests.find((request) => request.path === '/tickets.create')?.body).toMatchObject({
      companyId: 2,
      title: 'Door seal',
      assetIds: [11],
    });
    // A customer's user (company 2, external identity) does not choose visibility: the server makes it EXTERNAL.
    expect(api.requests.find((request) => request.path === '/tickets.create')?.body).not.toHaveProperty(
      'visibility',
    );
    expect(dialog).not.toBeInTheDocument();
  });
});
