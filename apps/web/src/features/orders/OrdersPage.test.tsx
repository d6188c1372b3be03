import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesOrdersRow } from '@kelvin/contract';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { OrdersPage } from './OrdersPage.tsx';

const session = vi.hoisted(() => {
  const state: { token: string | null; signIn: ReturnType<typeof vi.fn> } = {
    token: 'ns-token',
    signIn: vi.fn(),
  };
  return state;
});
vi.mock('./orderNetsuiteSession.ts', () => ({
  ORDERS_RETURN_TO: '/user/orders',
  netsuiteAccessToken: () => Promise.resolve(session.token),
  startNetsuiteAuthorization: session.signIn,
}));

const BLOCKER = 'Sales Price is not properly set, it must be a valid positive value.';

function row(overrides: Partial<SalesOrdersRow>): SalesOrdersRow {
  return {
    ticketId: 12,
    title: 'Compressor noise',
    companyId: 2,
    companyName: 'Alpha Hosting',
    description: 'Loud compressor on CRAH 1',
    createdAt: new Date(2026, 10, 2, 9, 0).toISOString(),
    updatedAt: new Date(2026, 10, 3, 9, 0).toISOString(),
    netSuiteBillingState: 'PENDING_SALES_ORDER',
    netSuiteSalesOrderInternalId: null,
    salesOrderNumber: null,
    purchaseOrderNumber: null,
    billingReason: "Billable: no contract or warranty covers all its assets on the ticket's date.",
    blockers: [],
    reconcileState: null,
    reconcileDetail: null,
    ...overrides,
  };
}

const tabOf = (request: FakeRequest) =>
  typeof request.body === 'object' && request.body !== null && 'tab' in request.body
    ? request.body.tab
    : undefined;

function renderPage() {
  const api = fakeApi([
    { method: 'GET', path: /^\/companies/, reply: { body: [] } },
    {
      method: 'POST',
      path: /^\/salesOrders\.list$/,
      reply: (request) => {
        const content =
          tabOf(request) === 'PENDING'
            ? [row({}), row({ ticketId: 13, title: 'Unpriced filter', blockers: [BLOCKER] })]
            : tabOf(request) === 'IN_PROCESS'
              ? [
                  row({
                    ticketId: 14,
                    netSuiteBillingState: 'SALES_ORDER_CREATED',
                    salesOrderNumber: 'SO-9001',
                  }),
                ]
              : [];
        return { body: { content, pageable: { totalSize: content.length, pageSize: 20, pageNumber: 0 } } };
      },
    },
    {
      method: 'POST',
      path: /^\/salesOrders\.preview$/,
      reply: {
        body: {
          ticketId: 12,
          lines: [
            {
              kind: 'PART',
              itemId: 'PRT-10234',
              description: 'Fan motor',
              quantity: 2,
              rate: 150,
              amount: 300,
            },
            {
              kind: 'LABOR',
              itemId: 'LABOR-FIELD',
              description: 'Field labor (hours)',
              quantity: 1.5,
              rate: 95,
              amount: 142.5,
            },
          ],
          total: 442.5,
          blockers: [],
        },
      },
    },
    {
      method: 'POST',
      path: /^\/netsuite\.projects\.list$/,
      reply: {
        body: {
          items: [
            { id: 501, entityId: 'Hall 2', name: 'Alpha Hosting : North Site : Hall 2', customerId: 10 },
          ],
          offset: 0,
          limit: 20,
          totalResults: 1,
          hasMore: false,
        },
      },
    },
    {
      method: 'POST',
      path: /^\/netsuite\.tickets\.salesOrders\.(create|delete)$/,
      reply: {
        body: {
          ticketId: 12,
          netSuiteBillingState: 'SALES_ORDER_CREATED',
          netSuiteSalesOrderInternalId: '9001',
          salesOrderNumber: 'SO-9001',
          purchaseOrderNumber: null,
        },
      },
    },
  ]);
  renderWithRouter([{ path: '/', element: <OrdersPage /> }]);
  return api;
}

beforeEach(() => {
  session.token = 'ns-token';
  session.signIn.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('OrdersPage', { timeout: 30_000 }, () => {
  it('shows the three tabs and pending tickets with why they wait and their blocker', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    for (const name of [
      'Tickets Pending Sales Order',
      'Tickets In Process of Sales Order',
      'Closed Sales Orders',
    ])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tickets Pending Sales Order' });
    expect(await within(table).findByText('Unpriced filter')).toBeInTheDocument();
    expect(within(table).getAllByText(BLOCKER)).not.toHaveLength(0);
    expect(within(table).getAllByText(/Billable: no contract or warranty covers/)).toHaveLength(2);
    expect(within(table).getByRole('img', { name: `Blocked: ${BLOCKER}` })).toBeInTheDocument();
  });

  it('processes a ticket: project, preview with total, Submit with the NetSuite token', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Process ticket 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process order for Ticket: 12' });
    expect(
      within(dialog).getByText('All orders must be associated with a valid netsuite project!'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Search Text')).toBeInTheDocument();
    expect(await within(dialog).findByText('Fan motor')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Total 442.50$/)).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(
      await within(dialog).findByRole('radio', {
        name: 'Select project Alpha Hosting : North Site : Hall 2',
      }),
    );
    await user.type(within(dialog).getByLabelText('Purchase Order Number'), 'PO-77');
    await user.click(submit);
    await waitFor(() =>
      expect(
        api.requests.find((request) => request.path === '/netsuite.tickets.salesOrders.create')?.body,
      ).toEqual({
        netSuiteAccessToken: 'ns-token',
        ticketId: 12,
        netSuiteProjectId: 501,
        purchaseOrderNumber: 'PO-77',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers to sign in to NetSuite when there is no session, and sends nothing', async () => {
    session.token = null;
    const api = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Process ticket 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process order for Ticket: 12' });
    await user.click(await within(dialog).findByRole('radio', { name: /Select project/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in to NetSuite' }));
    expect(session.signIn).toHaveBeenCalledWith('/user/orders');
    expect(api.requests.some((request) => request.path.startsWith('/netsuite.tickets.salesOrders'))).toBe(
      false,
    );
  });

  it('deletes an in-process order after confirmation', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tickets In Process of Sales Order' }));
    const table = await screen.findByRole('table', { name: 'Tickets In Process of Sales Order' });
    expect(await within(table).findByText('SO-9001')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Delete the sales order of ticket 14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sales order' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        api.requests.find((request) => request.path === '/netsuite.tickets.salesOrders.delete')?.body,
      ).toEqual({
        netSuiteAccessToken: 'ns-token',
        ticketId: 14,
      }),
    );
  });

  it('says what to do on an empty tab', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Closed Sales Orders' }));
    expect(await screen.findByText(/No sales order is closed yet/)).toBeInTheDocument();
  });
});
