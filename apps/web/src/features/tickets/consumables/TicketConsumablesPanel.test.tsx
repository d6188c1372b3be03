import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, Ticket, TicketConsumable } from '@kelvin/contract';
import { CONSUMABLE_LOCK_REASON } from '@kelvin/domain';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { buildTicket, buildTicketUser } from '../details/ticketTestData.ts';
import { TicketConsumablesPanel } from './TicketConsumablesPanel.tsx';

afterEach(() => vi.unstubAllGlobals());

const BLOCKER = 'Sales Price is not properly set, it must be a valid positive value.';

function consumable(overrides: Partial<TicketConsumable>): TicketConsumable {
  return {
    ticketConsumableId: 1,
    ticketId: 42,
    type: 'PART',
    itemId: 'INV-4411',
    displayName: 'Compressor contactor',
    quantity: 2,
    salesPrice: 84.5,
    createdAt: '2026-11-21T09:30:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}

function renderPanel({
  items = [],
  me = buildTicketUser(),
  ticket = buildTicket(),
}: {
  items?: TicketConsumable[];
  me?: CurrentUser;
  ticket?: Ticket;
}) {
  const api = fakeApi([
    { method: 'POST', path: /^\/tickets\.consumables\.list$/, reply: { body: { content: items } } },
    {
      method: 'POST',
      path: /^\/tickets\.consumables\.create$/,
      reply: { body: consumable({ ticketConsumableId: 8 }) },
    },
    { method: 'POST', path: /^\/tickets\.consumables\.update$/, reply: { body: consumable({}) } },
    { method: 'POST', path: /^\/tickets\.consumables\.delete$/, reply: { body: { ticketConsumableId: 1 } } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me);
  renderWithRouter([{ path: '/', element: <TicketConsumablesPanel ticket={ticket} /> }], {
    queryClient,
  });
  return api;
}

const bodiesOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests.filter((request) => request.path === path).map((request) => request.body);

describe('TicketConsumablesPanel', { timeout: 20_000 }, () => {
  it('lists parts and services with quantity and sales price aligned right, without a blocker when all are priced', async () => {
    const api = renderPanel({
      items: [
        consumable({}),
        consumable({
          ticketConsumableId: 2,
          type: 'SERVICE',
          displayName: 'Call-out',
          itemId: null,
          quantity: 1,
          salesPrice: 120,
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Parts and services' });
    const row = (await within(table).findByText('Compressor contactor')).closest('tr');
    if (!row) throw new Error('no row');
    const price = within(row).getByText((84.5).toLocaleString(undefined, { minimumFractionDigits: 2 }));
    expect(price.closest('td')).toHaveStyle({ textAlign: 'right' });
    expect(within(table).getByText('Service')).toBeInTheDocument();
    expect(screen.queryByText(BLOCKER)).not.toBeInTheDocument();
    expect(bodiesOf(api, '/tickets.consumables.list')).toEqual([{ ticketIds: [42] }]);
  });

  it('shows the accounting blocker when a price is missing or 0', async () => {
    renderPanel({
      items: [consumable({}), consumable({ ticketConsumableId: 2, salesPrice: 0, displayName: 'Fuse' })],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(BLOCKER);
  });

  it('requires a name, and adds a part without a price as null', async () => {
    const user = userEvent.setup();
    const api = renderPanel({});
    expect(await screen.findByText(/No parts or services yet\. Add each part/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add part or service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part or service' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(bodiesOf(api, '/tickets.consumables.create')).toHaveLength(0);
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Drive belt');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/tickets.consumables.create')).toEqual([
        {
          ticketId: 42,
          type: 'PART',
          displayName: 'Drive belt',
          itemId: null,
          quantity: 1,
          salesPrice: null,
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a row with its values filled in, and removes one after confirming', async () => {
    const user = userEvent.setup();
    const api = renderPanel({ items: [consumable({})] });
    await user.click(await screen.findByRole('button', { name: 'Edit Compressor contactor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Compressor contactor' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Compressor contactor');
    await user.click(within(dialog).getByRole('radio', { name: 'Service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/tickets.consumables.update')).toEqual([
        {
          ticketConsumableId: 1,
          type: 'SERVICE',
          displayName: 'Compressor contactor',
          itemId: 'INV-4411',
          quantity: 2,
          salesPrice: 84.5,
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Compressor contactor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Compressor contactor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/tickets.consumables.delete')).toEqual([{ ticketConsumableId: 1 }]),
    );
  });

  it('offers no changes to a reader', async () => {
    renderPanel({ items: [consumable({})], me: buildTicketUser({ write: false }) });
    await screen.findByText('Compressor contactor');
    expect(screen.queryByRole('button', { name: 'Add part or service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Compressor contactor' })).not.toBeInTheDocument();
  });

  it('shows a customer the edit and remove of a priced part disabled, with the reason, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = renderPanel({
      items: [consumable({}), consumable({ ticketConsumableId: 2, displayName: 'Fuse', salesPrice: null })],
      me: buildTicketUser({ external: true }),
    });
    const edit = await screen.findByRole('button', { name: 'Edit Compressor contactor' });
    const remove = screen.getByRole('button', { name: 'Remove Compressor contactor' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CONSUMABLE_LOCK_REASON.priced);
    await user.click(remove);
    await user.click(edit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf(api, '/tickets.consumables.delete')).toHaveLength(0);
    // Their own unpriced part on an open ticket stays theirs.
    expect(screen.getByRole('button', { name: 'Edit Fuse' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Remove Fuse' })).not.toHaveAttribute('aria-disabled');
  });

  it("shows a customer every part's actions disabled once the sales order exists; the provider's staff keep them", async () => {
    const user = userEvent.setup();
    const ticket = buildTicket({ netSuiteBillingState: 'SALES_ORDER_CREATED', isBillable: true });
    const items = [consumable({ salesPrice: null })];
    renderPanel({ items, ticket, me: buildTicketUser({ external: true }) });
    const remove = await screen.findByRole('button', { name: 'Remove Compressor contactor' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CONSUMABLE_LOCK_REASON.billed);
    cleanup();

    renderPanel({ items, ticket });
    expect(await screen.findByRole('button', { name: 'Remove Compressor contactor' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it("lets a customer add and edit parts without a price field and shows no blocker: prices are the provider's", async () => {
    const user = userEvent.setup();
    const api = renderPanel({
      items: [consumable({ salesPrice: null })],
      me: buildTicketUser({ external: true }),
    });
    await screen.findByText('Compressor contactor');
    expect(screen.queryByText(BLOCKER)).not.toBeInTheDocument();
    expect(screen.queryByText('Not set')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Compressor contactor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Compressor contactor' });
    expect(within(dialog).queryByLabelText(/^Sales price/)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Quantity/));
    await user.type(within(dialog).getByLabelText(/^Quantity/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/tickets.consumables.update')).toEqual([
        {
          ticketConsumableId: 1,
          type: 'PART',
          displayName: 'Compressor contactor',
          itemId: 'INV-4411',
          quantity: 3,
          salesPrice: null,
        },
      ]),
    );
  });
});
