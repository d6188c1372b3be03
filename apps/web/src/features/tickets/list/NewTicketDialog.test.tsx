import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { buildAsset } from '../../../test/assetFactories.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { AssetTickets } from './AssetTicketsTab.tsx';
import { ASSET_REQUIRED_MESSAGE, NewTicketDialog } from './NewTicketDialog.tsx';
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

describe('New ticket: assets of an external user', { timeout: 40_000 }, () => {
  const created = ticketOf(buildTicketListItem({ ticketId: 42, title: 'Door seal' }));
  const assetsAnswer = [buildAsset({ assetId: 11, name: 'AN-CRAH-01', type: 'Unit', assetTypeId: 6 })];
  const NO_ASSET_REFUSAL =
    'body.assetIds: choose at least one asset: you see a ticket through its assets in your access groups.';

  /** Opens the dialog for company 2 as `who`, the title typed; the tickets.create answer is `createReply`. */
  async function openDialog(
    who: 'customer' | 'provider',
    createReply: { status?: number; body: unknown } = { body: created },
  ) {
    const user = userEvent.setup();
    const api = fakeApi([
      { method: 'POST', path: /^\/tickets\.create$/, reply: createReply },
      { method: 'GET', path: /^\/coreEnums/, reply: { body: [] } },
      { method: 'GET', path: /^\/assets/, reply: { body: assetsAnswer } },
    ]);
    const queryClient = createQueryClient();
    const me = buildCurrentUser([], {
      permissions: { 'tickets:read': [everyCompany], 'tickets:write': [everyCompany] },
    });
    // The provider's staff belong to company 1; the default user (company 2, kelvin| identity) is a customer's.
    queryClient.setQueryData(
      currentUserQueryKey,
      who === 'provider' ? { ...me, user: { ...me.user, companyId: 1 } } : me,
    );
    const { router } = renderWithRouter(
      [
        {
          path: '/',
          element: <NewTicketDialog opened onClose={() => {}} companies={[{ companyId: 2, name: 'Acme' }]} />,
        },
        { path: '/user/tickets/:ticketId/details', element: <p>Details page</p> },
      ],
      { queryClient },
    );
    await screen.findByRole('dialog', { name: 'New ticket' });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Door seal');
    const creates = () => api.requests.filter((request) => request.path === '/tickets.create');
    const chooseAsset = async () => {
      await user.click(screen.getByRole('combobox', { name: /Assets/ }));
      await user.click(await screen.findByRole('option', { name: 'AN-CRAH-01' }));
    };
    const submit = () => user.click(screen.getByRole('button', { name: 'Create ticket' }));
    return { router, creates, chooseAsset, submit };
  }

  it('asks a customer’s user for an asset before sending, then creates the ticket with it', async () => {
    const dialog = await openDialog('customer');
    await dialog.submit();
    expect(await screen.findByText(ASSET_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Assets/ })).toHaveAccessibleDescription(
      ASSET_REQUIRED_MESSAGE,
    );
    expect(dialog.creates()).toEqual([]);

    await dialog.chooseAsset();
    expect(screen.queryByText(ASSET_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    await dialog.submit();
    await waitFor(() => expect(dialog.router.state.location.pathname).toBe('/user/tickets/42/details'));
    expect(dialog.creates().map((request) => request.body)).toEqual([
      expect.objectContaining({ companyId: 2, assetIds: [11] }),
    ]);
  });

  it('shows the server’s refusal of the assets under the field', async () => {
    const dialog = await openDialog('customer', {
      status: 400,
      body: {
        message: NO_ASSET_REFUSAL,
        code: 'BAD_REQUEST',
        details: [{ field: 'body.assetIds', message: NO_ASSET_REFUSAL }],
      },
    });
    await dialog.chooseAsset();
    await dialog.submit();
    const under = 'choose at least one asset: you see a ticket through its assets in your access groups.';
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Assets/ })).toHaveAccessibleDescription(under),
    );
    // Under the field, not again in the form's alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.creates()).toHaveLength(1);
  });

  it('lets the provider’s staff open a ticket without an asset', async () => {
    const dialog = await openDialog('provider');
    await dialog.submit();
    await waitFor(() => expect(dialog.router.state.location.pathname).toBe('/user/tickets/42/details'));
    expect(screen.queryByText(ASSET_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    expect(dialog.creates().map((request) => request.body)).toEqual([
      expect.objectContaining({ assetIds: [] }),
    ]);
  });
});
