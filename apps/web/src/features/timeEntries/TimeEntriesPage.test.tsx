import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TimeEntry } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildTicketUser } from '../tickets/details/ticketTestData.ts';
import { buildTicketListItem } from '../tickets/list/ticketListTestData.ts';
import { TimeEntriesPage, toFilter } from './TimeEntriesPage.tsx';
import { NO_TIME_ENTRY_FILTERS } from './timeEntriesPageState.ts';
import { localToday } from './timeEntryFormat.ts';
import { bodyOf, buildTimeEntry, coreEnumsAnswer } from './timeEntryTestData.ts';

const ticketRow = (ticketId: number, title: string) => ({ ticketId, title });

function renderPage(
  entries: TimeEntry[] = [
    buildTimeEntry(),
    buildTimeEntry({
      timeEntryId: 2,
      laborCodeEnumKey: 'travel',
      laborCodeEnumValue: 3,
      duration: { hours: 0, minutes: 40 },
      description: 'Drive',
    }),
  ],
  initialPath = '/',
) {
  const api = fakeApi([
    {
      method: 'POST',
      path: /^\/tickets\.timeEntries\.list$/,
      reply: (request) => {
        const filter = bodyOf(request).filter;
        const codes =
          typeof filter === 'object' && filter !== null && 'laborCodeValues' in filter
            ? filter.laborCodeValues
            : undefined;
        const content = Array.isArray(codes)
          ? entries.filter((entry) => codes.includes(entry.laborCodeEnumValue))
          : entries;
        const minutes = content.reduce(
          (sum, entry) => sum + entry.duration.hours * 60 + entry.duration.minutes,
          0,
        );
        return {
          body: {
            content,
            pageable: { totalSize: content.length, pageSize: 50, pageNumber: 0 },
            totals: { entries: content.length, minutes },
          },
        };
      },
    },
    {
      method: 'POST',
      path: /^\/tickets\.timeEntries\.filterOptions$/,
      reply: {
        body: {
          users: [{ userId: 7, name: 'Sam Staff' }],
          tickets: [ticketRow(42, 'Supply air too warm on CRAH 01')],
          companies: [
            { companyId: 2, name: 'Acme Cooling' },
            { companyId: 3, name: 'Borealis Data' },
          ],
        },
      },
    },
    {
      method: 'POST',
      path: /^\/tickets\.list$/,
      reply: {
        body: {
          content: [buildTicketListItem({ ticketId: 51, title: 'Fan 2 noisy' })],
          pageable: { totalSize: 1, pageSize: 20, pageNumber: 0 },
        },
      },
    },
    {
      method: 'POST',
      path: /^\/tickets\/timeEntries$/,
      reply: (request) => ({
        body: buildTimeEntry({ timeEntryId: 9, ticketId: Number(bodyOf(request).ticketId) }),
      }),
    },
    { method: 'GET', path: /^\/coreEnums/, reply: { body: coreEnumsAnswer } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildTicketUser());
  const { router } = renderWithRouter([{ path: '/', element: <TimeEntriesPage /> }], {
    queryClient,
    initialPath,
  });
  return { ...api, router };
}

describe('TimeEntriesPage', { timeout: 30_000 }, () => {
  it('shows the entries with the totals of the filter, and filters by labor code', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage();
    expect(screen.getByRole('heading', { name: 'Time entries' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Time entries' });
    expect(await within(table).findByText('Cleaned the coil')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('link', { name: '#42 Supply air too warm on CRAH 01' })[0]
        ?.getAttribute('href'),
    ).toBe('#/user/tickets/42/details');
    expect(screen.getByText('2 entries, 2h 10m in total')).toBeTruthy();

    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.click(within(filters).getByRole('combobox', { name: 'Labor code' }));
    await user.click(await screen.findByRole('option', { name: 'Travel' }));
    expect(await screen.findByText('1 entry, 40m in total')).toBeTruthy();
    const last = requests.filter((request) => request.path === '/tickets.timeEntries.list').at(-1);
    expect(bodyOf(last ?? { method: '', path: '', body: null }).filter).toEqual({ laborCodeValues: [3] });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('2 entries, 2h 10m in total')).toBeTruthy();
  });

  it('keeps the filters, sort and page in the address, and reads them back from it', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, router } = renderPage(undefined, '/?company=3&labor=3&sort=duration.asc&page=2');
    await screen.findByText('1 entry, 40m in total');
    const listed = requests.filter((request) => request.path === '/tickets.timeEntries.list');
    expect(bodyOf(listed[0] ?? { method: '', path: '', body: null })).toMatchObject({
      filter: { companyIds: [3], laborCodeValues: [3] },
      pageableQuery: { pageNumber: 1, sort: [{ property: 'duration', direction: 'ASC' }] },
    });
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'Company' })).toBeTruthy();
    expect(within(filters).getAllByText('Borealis Data').length).toBeGreaterThan(0);

    // A new filter goes back to the first page and is written to the address.
    await user.click(within(filters).getByRole('combobox', { name: 'Labor code' }));
    await user.click(await screen.findByRole('option', { name: 'Travel' }));
    await waitFor(() => expect(router.state.location.search).toBe('?company=3&sort=duration.asc'));
  });

  it('enters time in a few keystrokes: ticket, time, Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage();
    const form = screen.getByRole('form', { name: 'Log time' });
    await user.click(within(form).getByRole('combobox', { name: /Ticket/ }));
    await user.click(await screen.findByRole('option', { name: '#51 Fan 2 noisy' }));
    await user.type(within(form).getByRole('textbox', { name: /Time spent/ }), '1h30{Enter}');
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/tickets/timeEntries')?.body).toEqual({
        ticketId: 51,
        date: localToday(),
        duration: { hours: 1, minutes: 30 },
        laborCodeEnumKey: 'other',
        description: '',
      }),
    );
    expect(await screen.findByText('Logged 1h 30m on ticket #51.')).toBeTruthy();
  });

  it('asks for the ticket before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage();
    const form = screen.getByRole('form', { name: 'Log time' });
    await user.type(within(form).getByRole('textbox', { name: /Time spent/ }), '45m{Enter}');
    expect(await screen.findByText('Choose the ticket the time was spent on.')).toBeTruthy();
    expect(requests.some((request) => request.path === '/tickets/timeEntries')).toBe(false);
  });

  it('says what to do when nothing is logged', async () => {
    renderPage([]);
    expect(
      await screen.findByText(
        'No time has been logged yet. Use Log time above to enter the time spent on a ticket.',
      ),
    ).toBeTruthy();
  });
});

describe('toFilter', () => {
  it('leaves out what is not chosen and completes a half-open date range', () => {
    const none = NO_TIME_ENTRY_FILTERS;
    expect(toFilter(none)).toEqual({});
    expect(toFilter({ ...none, userIds: ['7'], from: '2026-11-01' })).toEqual({
      userIds: [7],
      dateRange: { from: '2026-11-01', to: '9999-12-31' },
    });
    expect(toFilter({ ...none, to: '2026-11-30' }).dateRange).toEqual({
      from: '1970-01-01',
      to: '2026-11-30',
    });
    expect(toFilter({ ...none, from: '2026-11-30', to: '2026-11-01' })).toEqual({});
  });
});
