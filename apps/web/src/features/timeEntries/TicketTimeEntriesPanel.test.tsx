import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Ticket, TimeEntry } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildTicket, buildTicketUser } from '../tickets/details/ticketTestData.ts';
import { TicketTimeEntriesPanel } from './TicketTimeEntriesPanel.tsx';
import { localToday } from './timeEntryFormat.ts';
import { bodyOf, buildTimeEntry, coreEnumsAnswer } from './timeEntryTestData.ts';

function renderPanel(options: { ticket?: Ticket; entries?: TimeEntry[]; write?: boolean } = {}) {
  const ticket = options.ticket ?? buildTicket();
  let entries = options.entries ?? [
    buildTimeEntry(),
    buildTimeEntry({ timeEntryId: 2, userName: 'Ada Operator', userId: 8, canEdit: false, description: '' }),
  ];
  const api = fakeApi([
    { method: 'GET', path: /^\/tickets\/42\/timeEntries$/, reply: () => ({ body: entries }) },
    {
      method: 'POST',
      path: /^\/tickets\/timeEntries$/,
      reply: (request) => {
        const body = bodyOf(request);
        const created = buildTimeEntry({
          timeEntryId: 99,
          date: String(body.date),
          duration: { hours: 0, minutes: 45 },
          description: String(body.description),
        });
        entries = [created, ...entries];
        return { body: created };
      },
    },
    {
      method: 'DELETE',
      path: /^\/tickets\/timeEntries$/,
      reply: (request) => {
        entries = entries.filter((entry) => entry.timeEntryId !== bodyOf(request).timeEntryId);
        return { body: { ok: true } };
      },
    },
    { method: 'GET', path: /^\/coreEnums/, reply: { body: coreEnumsAnswer } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildTicketUser({ write: options.write ?? true }));
  renderWithRouter([{ path: '/', element: <TicketTimeEntriesPanel ticket={ticket} /> }], { queryClient });
  return api;
}

describe('TicketTimeEntriesPanel', { timeout: 20_000 }, () => {
  it("lists the ticket's time with its total, edit and delete only where the server allows", async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Time entries of the ticket' });
    expect(await within(table).findByText('Other · Cleaned the coil')).toBeTruthy();
    expect(within(table).getAllByText('1h 30m')).toHaveLength(2);
    expect(screen.getByText('3h in total')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit time entry/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Delete time entry/ })).toHaveLength(1);
  });

  it('logs time typed as 45m with Enter, then clears the time for the next entry', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPanel();
    await screen.findByText('Other · Cleaned the coil');
    const time = screen.getByRole('textbox', { name: /Time spent/ });
    await user.type(time, '45m');
    expect(screen.getByText('= 45m')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'What was done' }), 'Swapped the filter{Enter}');
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      ticketId: 42,
      date: localToday(),
      duration: { hours: 0, minutes: 45 },
      laborCodeEnumKey: 'other',
      description: 'Swapped the filter',
    });
    expect(await screen.findByText('Other · Swapped the filter')).toBeTruthy();
    expect(await screen.findByText('3h 45m in total')).toBeTruthy();
    expect(screen.getByText('Logged 45m on ticket #42.')).toBeTruthy();
    expect(time).toHaveProperty('value', '');
    expect(document.activeElement).toBe(time);
  });

  it('says how to type the time and sends nothing for what it cannot read', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPanel();
    await screen.findByText('Other · Cleaned the coil');
    await user.type(screen.getByRole('textbox', { name: /Time spent/ }), 'soon{Enter}');
    expect(await screen.findByText('Type the time as 45m, 1h30, 1:30 or 1.5 (hours).')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /Time spent/ }));
    await user.type(screen.getByRole('textbox', { name: /Time spent/ }), '25h{Enter}');
    expect(await screen.findByText('A time entry lasts from 1 minute to 24 hours.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('deletes an entry after the danger dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete time entry of 11/20/2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete 1h 30m on 11\/20\/2026 from ticket #42\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({ timeEntryId: 1 }),
    );
    await waitFor(() => expect(screen.queryByText('Other · Cleaned the coil')).toBeNull());
  });

  it('offers no entry on a frozen ticket, nor to a reader, and says when nothing is logged', async () => {
    renderPanel({ ticket: buildTicket({ isFrozen: true }), entries: [] });
    expect(await screen.findByText('No time logged on this ticket.')).toBeTruthy();
    expect(screen.getByText('This ticket is frozen: unfreeze it to log time.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Log time on this ticket' })).toBeNull();
  });

  it('shows a reader the entries without a form', async () => {
    renderPanel({ write: false });
    await screen.findByText('Other · Cleaned the coil');
    expect(screen.queryByRole('textbox', { name: /Time spent/ })).toBeNull();
  });
});
