import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, InventoryPart } from '@kelvin/contract';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { buildTicket, buildTicketUser } from '../details/ticketTestData.ts';
import { TicketConsumablesPanel } from './TicketConsumablesPanel.tsx';

afterEach(() => vi.unstubAllGlobals());

const part = (overrides: Partial<InventoryPart>): InventoryPart => ({
  id: 501,
  itemId: 'PRT-10234',
  displayName: 'EC fan 450 mm',
  mpn: 'W3G450',
  manufacturer: 'EBM-Papst',
  weightUnits: 'ea',
  basePrice: 612.5,
  totalQuantityOnHand: 12,
  costEstimate: 410,
  averageCost: 405,
  lastPurchasePrice: 399,
  ...overrides,
});

function renderPanel(me: CurrentUser) {
  const api = fakeApi([
    { method: 'POST', path: /^\/tickets\.consumables\.list$/, reply: { body: { content: [] } } },
    {
      method: 'POST',
      path: /^\/tickets\.consumables\.create$/,
      reply: {
        body: {
          ticketConsumableId: 9,
          ticketId: 42,
          type: 'PART',
          itemId: 'PRT-10234',
          displayName: 'EC fan 450 mm',
          quantity: 1,
          salesPrice: 612.5,
          createdAt: '2026-11-21T09:30:00.000Z',
          updatedAt: '2026-11-21T09:30:00.000Z',
        },
      },
    },
    {
      method: 'POST',
      path: /^\/netsuite\.inventoryItems\.list$/,
      reply: (request) => {
        const search = JSON.stringify(request.body).includes('"search":"fan"');
        const items = search
          ? [part({})]
          : [part({}), part({ id: 502, itemId: 'PRT-20001', displayName: 'Filter G4' })];
        return { body: { items, offset: 0, limit: 20, totalResults: items.length, hasMore: false } };
      },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, me);
  renderWithRouter([{ path: '/', element: <TicketConsumablesPanel ticket={buildTicket()} /> }], {
    queryClient,
  });
  return api;
}

const everyCompany: CurrentUser['permissions'][string] = [{ attributes: { companyId: { type: 'ALL' } } }];

describe('InventoryItemPicker in the consumable dialog', { timeout: 20_000 }, () => {
  it('searches inventory after the debounce and fills item number, name and sales price from the pick', async () => {
    const user = userEvent.setup();
    const me = buildTicketUser();
    const api = renderPanel({ ...me, permissions: { ...me.permissions, 'netsuite:read': everyCompany } });
    await user.click(await screen.findByRole('button', { name: 'Add part or service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part or service' });
    const picker = within(dialog).getByLabelText('Pick from inventory', { selector: 'input' });
    await user.click(picker);
    await user.type(picker, 'fan');
    await waitFor(
      () =>
        expect(
          api.requests.filter((r) => r.path === '/netsuite.inventoryItems.list').map((r) => r.body),
        ).toContainEqual({ limit: 20, offset: 0, search: 'fan' }),
      { timeout: 5000 },
    );
    // One search for the typed word, not one per keystroke.
    const searches = api.requests.filter((r) => JSON.stringify(r.body).includes('"search"'));
    expect(searches).toHaveLength(1);
    await user.click(await screen.findByRole('option', { name: 'PRT-10234 · EC fan 450 mm' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('EC fan 450 mm');
    expect(within(dialog).getByLabelText(/^Item number/)).toHaveValue('PRT-10234');
    expect(within(dialog).getByLabelText(/^Sales price/)).toHaveValue('612.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/tickets.consumables.create').map((r) => r.body)).toEqual(
        [
          {
            ticketId: 42,
            type: 'PART',
            displayName: 'EC fan 450 mm',
            itemId: 'PRT-10234',
            quantity: 1,
            salesPrice: 612.5,
          },
        ],
      ),
    );
  });

  it('is not offered without netsuite:read: the item is entered by hand as before', async () => {
    const user = userEvent.setup();
    const api = renderPanel(buildTicketUser());
    await user.click(await screen.findByRole('button', { name: 'Add part or service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add part or service' });
    expect(
      within(dialog).queryByLabelText('Pick from inventory', { selector: 'input' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Item number/)).toBeInTheDocument();
    expect(api.requests.some((r) => r.path.startsWith('/netsuite.'))).toBe(false);
  });
});
