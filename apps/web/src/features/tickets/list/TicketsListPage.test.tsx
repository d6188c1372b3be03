import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketListItem } from '@kelvin/contract';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { fakeApi, type FakeRequest } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { buildTicketListItem, fakeTicketsServer } from './ticketListTestData.ts';
import { TicketsListPage } from './TicketsListPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const everyCompany = { attributes: { companyId: { type: 'ALL' as const } } };
const companies = [
  { companyId: 2, name: 'Acme Cooling' },
  { companyId: 3, name: 'Borealis Data' },
];

function renderPage(
  tickets: TicketListItem[],
  options: { initialPath?: string; refuseStatus?: boolean } = {},
) {
  const server = fakeTicketsServer(tickets, options);
  const api = fakeApi([
    ...server.routes,
    {
      method: 'GET',
      path: /^\/companies/,
      reply: {
        body: companies.map((company) => ({
          ...company,
          netSuiteCustomerInternalId: null,
          subscription: 'OBSERVABILITY',
        })),
      },
    },
    { method: 'GET', path: /^\/coreEnums/, reply: { body: [] } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: {
        'tickets:read': [everyCompany],
        'tickets:write': [everyCompany],
        'companies:read': [everyCompany],
      },
    }),
  );
  const result = renderWithRouter([{ path: '/', element: <TicketsListPage /> }], {
    queryClient,
    initialPath: options.initialPath ?? '/',
  });
  const lists = () => api.requests.filter((request) => request.path === '/tickets.list');
  return { ...result, ...api, ...server, lists };
}

const search = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

function bodyOf(request: FakeRequest | undefined): unknown {
  return request?.body;
}

// Popovers, menus and drags through userEvent take seconds on a busy machine.
/** The body of the newest tickets.list call: other calls (the page's companies, users) may come after it. */
const lastListBody = (requests: readonly { path: string; body: unknown }[]) =>
  requests.filter((request) => request.path === '/tickets.list').at(-1)?.body;

describe('tickets list', { timeout: 40_000 }, () => {
  it('asks for the spec default filter and order, 25 a page, and links each id to its details', async () => {
    const { lists } = renderPage([
      buildTicketListItem({ ticketId: 5, title: 'Fan noisy' }),
      buildTicketListItem({ ticketId: 4, title: 'Leak under unit', statusEnumValue: 2 }),
    ]);
    expect(await screen.findByText('Fan noisy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tickets', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New ticket' })).toBeInTheDocument();
    expect(bodyOf(lists()[0])).toEqual({
      filter: { statusIds: [0, 2, 3, 4, 5, 7] },
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 0,
        sort: [{ property: 'created_at', direction: 'DESC' }],
      },
    });
    expect(screen.getByRole('link', { name: 'Ticket 5' })).toHaveAttribute('href', '/user/tickets/5/details');
    const table = screen.getByRole('table', { name: 'Tickets' });
    expect(within(table).getByText('In progress')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filter Status, 6 of 7 chosen/ })).toBeInTheDocument();
  });

  it('filters by the status set filter and sorts by a header, keeping both in the address', async () => {
    const user = userEvent.setup();
    const { lists, router } = renderPage([
      buildTicketListItem({ ticketId: 1, title: 'Open one' }),
      buildTicketListItem({ ticketId: 2, title: 'Closed one', statusEnumValue: 11 }),
    ]);
    await screen.findByText('Open one');
    expect(screen.queryByText('Closed one')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Filter Status/ }));
    const filter = await screen.findByRole('group', { name: 'Status filter' });
    await user.click(within(filter).getByRole('checkbox', { name: 'Closed' }));
    expect(await screen.findByText('Closed one')).toBeInTheDocument();
    // Every status chosen: no status filter at all (the spec's 'all').
    expect(bodyOf(lists().at(-1))).toMatchObject({ filter: {} });
    expect(search(router)).toEqual({ status: 'all' });

    await user.click(within(filter).getByRole('button', { name: 'Select none' }));
    await user.click(within(filter).getByRole('checkbox', { name: 'Closed' }));
    await waitFor(() => expect(screen.queryByText('Open one')).not.toBeInTheDocument());
    expect(bodyOf(lists().at(-1))).toMatchObject({ filter: { statusIds: [11] } });
    expect(search(router)).toEqual({ status: 'closed' });

    await user.click(screen.getByRole('button', { name: 'Sort by Title' }));
    await waitFor(() =>
      expect(bodyOf(lists().at(-1))).toMatchObject({
        pageableQuery: { sort: [{ property: 'title', direction: 'ASC' }] },
      }),
    );
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(search(router)).toEqual({ status: 'closed', sort: 'title.asc' });
  });

  it('restores filter, search, sort, page and view from a shared address', async () => {
    const tickets = Array.from({ length: 30 }, (_, index) =>
      buildTicketListItem({ ticketId: index + 1, title: `Pump ${index + 1}`, statusEnumValue: 11 }),
    );
    const { lists } = renderPage(tickets, { initialPath: '/?status=closed&q=pump&sort=title.asc&page=2' });
    expect(await screen.findByText('Pump 26')).toBeInTheDocument();
    expect(bodyOf(lists()[0])).toEqual({
      filter: { statusIds: [11], search: 'pump' },
      pageableQuery: {
        type: 'PAGED',
        pageSize: 25,
        pageNumber: 1,
        sort: [{ property: 'title', direction: 'ASC' }],
      },
    });
    expect(screen.getByRole('textbox', { name: 'Search tickets' })).toHaveValue('pump');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches once typing pauses, from the first page, and puts the words in the address', async () => {
    const user = userEvent.setup();
    const { lists, router } = renderPage([buildTicketListItem()], { initialPath: '/?page=3' });
    await screen.findByRole('table', { name: 'Tickets' });
    await user.type(screen.getByRole('textbox', { name: 'Search tickets' }), 'seal');
    await waitFor(() => expect(search(router)).toEqual({ q: 'seal' }));
    const searches = () => lists().filter((request) => JSON.stringify(request.body).includes('"search"'));
    await waitFor(() => expect(searches()).not.toHaveLength(0));
    // Debounced: one request for the whole word, not one per key.
    expect(searches()).toHaveLength(1);
    expect(bodyOf(searches()[0])).toMatchObject({
      filter: { search: 'seal' },
      pageableQuery: { pageNumber: 0 },
    });
  });

  it('swim lanes: a dragged card changes status at once, and Undo in the toast moves it back', async () => {
    const user = userEvent.setup();
    const tickets = [
      buildTicketListItem({ ticketId: 1, title: 'Drag me' }),
      buildTicketListItem({ ticketId: 2, title: 'Stay', statusEnumValue: 3 }),
    ];
    const { changes } = renderPage(tickets, { initialPath: '/?view=lanes' });
    const newLane = await screen.findByRole('region', { name: 'New lane' });
    const card = await within(newLane).findByRole('listitem', { name: '#1 Drag me' });
    const progressLane = screen.getByRole('region', { name: 'In progress lane' });
    // Only the chosen statuses have lanes: closed is not among the defaults.
    expect(screen.queryByRole('region', { name: 'Closed lane' })).not.toBeInTheDocument();

    fireEvent.dragStart(card, { dataTransfer: { setData: () => undefined, effectAllowed: 'move' } });
    fireEvent.dragOver(progressLane, { dataTransfer: { dropEffect: 'move' } });
    fireEvent.drop(progressLane, { dataTransfer: {} });

    // Optimistic: in its new lane before the server answers.
    expect(within(progressLane).getByRole('listitem', { name: '#1 Drag me' })).toBeInTheDocument();
    expect(within(newLane).queryByRole('listitem', { name: '#1 Drag me' })).not.toBeInTheDocument();
    await waitFor(() => expect(changes).toEqual([{ ticketId: 1, statusEnumValue: 2 }]));

    expect(await screen.findByText('Moved #1 to In progress.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(changes).toEqual([
        { ticketId: 1, statusEnumValue: 2 },
        { ticketId: 1, statusEnumValue: 0 },
      ]),
    );
    expect(await within(newLane).findByRole('listitem', { name: '#1 Drag me' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(progressLane).queryByRole('listitem', { name: '#1 Drag me' })).not.toBeInTheDocument(),
    );
  });

  it('swim lanes: the status menu moves a card from the keyboard; a refused move puts it back and says why', async () => {
    const user = userEvent.setup();
    const { changes } = renderPage([buildTicketListItem({ ticketId: 1, title: 'Frozen one' })], {
      initialPath: '/?view=lanes',
      refuseStatus: true,
    });
    const newLane = await screen.findByRole('region', { name: 'New lane' });
    await within(newLane).findByRole('listitem', { name: '#1 Frozen one' });
    await user.click(screen.getByRole('button', { name: 'Change status of #1, now New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'On hold' }));
    await waitFor(() => expect(changes).toEqual([{ ticketId: 1, statusEnumValue: 3 }]));
    expect(await screen.findByText('Could not move #1 to On hold')).toBeInTheDocument();
    expect(screen.getByText('The ticket is frozen.')).toBeInTheDocument();
    const holdLane = screen.getByRole('region', { name: 'On hold lane' });
    expect(within(holdLane).queryByRole('listitem', { name: '#1 Frozen one' })).not.toBeInTheDocument();
    expect(within(newLane).getByRole('listitem', { name: '#1 Frozen one' })).toBeInTheDocument();
  });

  it('group view: no grouping by default; grouped by company or owner, a group (also No owner) opens to its own tickets', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPage(
      [
        buildTicketListItem({ ticketId: 1, title: 'Acme ticket' }),
        buildTicketListItem({
          ticketId: 2,
          title: 'Borealis ticket',
          companyId: 3,
          companyName: 'Borealis Data',
          owner: null,
        }),
      ],
      { initialPath: '/?view=groups' },
    );
    // No grouping: the plain table.
    expect(await screen.findByText('Borealis ticket')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/tickets.groups')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Company' }));
    const group = await screen.findByRole('button', { name: 'Borealis Data, 1 tickets' });
    expect(requests.find((request) => request.path === '/tickets.groups')?.body).toEqual({
      filter: { statusIds: [0, 2, 3, 4, 5, 7] },
      groupBy: 'company',
    });
    expect(search(router)).toEqual({ view: 'groups', group: 'company' });
    expect(screen.queryByText('Borealis ticket')).not.toBeInTheDocument();

    await user.click(group);
    const table = await screen.findByRole('table', { name: 'Tickets of Borealis Data' });
    expect(await within(table).findByText('Borealis ticket')).toBeInTheDocument();
    expect(within(table).queryByText('Acme ticket')).not.toBeInTheDocument();
    expect(lastListBody(requests)).toMatchObject({
      filter: { statusIds: [0, 2, 3, 4, 5, 7], companyIds: [3] },
    });

    // By owner: the tickets nobody owns are a group that opens like the others.
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await user.click(await screen.findByRole('button', { name: 'No owner, 1 tickets' }));
    const unowned = await screen.findByRole('table', { name: 'Tickets with no owner' });
    expect(await within(unowned).findByText('Borealis ticket')).toBeInTheDocument();
    expect(within(unowned).queryByText('Acme ticket')).not.toBeInTheDocument();
    expect(lastListBody(requests)).toMatchObject({ filter: { withoutOwner: true } });
  });

  it('says what went wrong when the list fails', async () => {
    fakeApi([
      {
        method: 'POST',
        path: /^\/tickets\.list$/,
        reply: { status: 500, body: { message: 'Database is down' } },
      },
    ]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['tickets:read']));
    renderWithRouter([{ path: '/', element: <TicketsListPage /> }], { queryClient });
    expect(await screen.findByText('Unable to load tickets', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/Database is down/)).toBeInTheDocument();
    // Without tickets:write there is nothing to create.
    expect(screen.queryByRole('button', { name: 'New ticket' })).not.toBeInTheDocument();
  });
});
