import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildTicketListItem } from '../tickets/list/ticketListTestData.ts';
import { ProblemTicketActions } from './ProblemTicketActions.tsx';
import type { TicketMoveTarget } from './MoveToTicketDialog.tsx';

const supply: TicketMoveTarget = {
  detectedProblemId: 11,
  name: 'Supply air too warm',
  assetName: 'CRAH 01',
  companyId: 2,
  ticketId: null,
};
const filter: TicketMoveTarget = {
  ...supply,
  detectedProblemId: 12,
  name: 'Filter pressure high',
  ticketId: 40,
};

function renderActions(targets: TicketMoveTarget[], routes: FakeRoute[], write = true) {
  const api = fakeApi(routes);
  const queryClient = createQueryClient();
  const scoped = [{ attributes: { companyId: { type: 'VALUES' as const, values: [2] } } }];
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: {
        'detectedProblems:read': scoped,
        'tickets:read': scoped,
        ...(write ? { 'tickets:write': scoped } : {}),
      },
    }),
  );
  const onDone = vi.fn();
  renderWithRouter([{ path: '/', element: <ProblemTicketActions targets={targets} onDone={onDone} /> }], {
    queryClient,
  });
  return { ...api, onDone };
}

afterEach(() => vi.unstubAllGlobals());

// Typing and Mantine's portals are slow on a loaded 2-core machine; the default 5 s is too little there.
describe('moving problems to tickets', { timeout: 30_000 }, () => {
  it('moves problems to a new ticket with the title typed', async () => {
    const user = userEvent.setup();
    const { requests, onDone } = renderActions(
      [supply, filter],
      [{ method: 'POST', path: /^\/detectedProblems\.moveToNewTicket$/, reply: { body: { ticketId: 77 } } }],
    );
    await user.click(screen.getByRole('button', { name: 'Move to new ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to new ticket: 2 problems' });
    await user.type(within(dialog).getByRole('textbox', { name: /Ticket title/ }), 'Hall 1 visit');
    await user.click(within(dialog).getByRole('button', { name: 'Move to new ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(requests.find((request) => request.path === '/detectedProblems.moveToNewTicket')?.body).toEqual({
      detectedProblemIds: [11, 12],
      ticketTitle: 'Hall 1 visit',
    });
  });

  it('leaves the title out when none is typed, and shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    const { requests, onDone } = renderActions(
      [supply],
      [
        {
          method: 'POST',
          path: /^\/detectedProblems\.moveToNewTicket$/,
          reply: {
            status: 403,
            body: {
              message: "You need the tickets:write permission on the problems' company.",
              code: 'FORBIDDEN',
            },
          },
        },
      ],
    );
    // None of them is on a ticket: there is nothing to remove.
    expect(screen.queryByRole('button', { name: 'Remove from ticket' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Move to new ticket' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move to new ticket' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('tickets:write permission');
    expect(requests.at(-1)?.body).toEqual({ detectedProblemIds: [11] });
    expect(onDone).not.toHaveBeenCalled();
  });

  it("searches the company's open tickets and moves the problems to the one chosen", async () => {
    const user = userEvent.setup();
    const list = vi.fn(() => ({
      body: {
        content: [buildTicketListItem({ ticketId: 40, title: 'Hall 1 chiller visit', companyId: 2 })],
        pageable: { totalSize: 1, pageSize: 20, pageNumber: 0 },
      },
    }));
    const { requests, onDone } = renderActions(
      [supply],
      [
        { method: 'POST', path: /^\/tickets\.list$/, reply: list },
        { method: 'POST', path: /^\/detectedProblems\.moveToExistingTicket$/, reply: { body: [] } },
      ],
    );
    await user.click(screen.getByRole('button', { name: 'Move to existing ticket' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('Search tickets'), 'chiller');
    // The server searches (after the typing settles): the company's open tickets matching the words.
    await waitFor(() =>
      expect(
        requests.filter((request) => request.path === '/tickets.list').map((request) => request.body),
      ).toContainEqual({
        filter: { companyIds: [2], statusIds: [0, 2, 3, 4, 5], search: 'chiller' },
        pageableQuery: {
          type: 'PAGED',
          pageSize: 20,
          pageNumber: 0,
          sort: [{ property: 'updated_at', direction: 'DESC' }],
        },
      }),
    );
    await user.click(await screen.findByRole('option', { name: '#40 Hall 1 chiller visit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to existing ticket' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')?.textContent ?? 'none').toBe('none'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(
      requests.find((request) => request.path === '/detectedProblems.moveToExistingTicket')?.body,
    ).toEqual({
      detectedProblemIds: [11],
      ticketId: 40,
    });
  });

  it('removes problems from their tickets, offered only when one is on a ticket', async () => {
    const user = userEvent.setup();
    const { requests, onDone } = renderActions(
      [supply, filter],
      [{ method: 'POST', path: /^\/detectedProblems\.removeFromTicket$/, reply: { body: [] } }],
    );
    await user.click(screen.getByRole('button', { name: 'Remove from ticket' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('1 problem will leave their tickets; the tickets stay as they are.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove from ticket' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(requests.find((request) => request.path === '/detectedProblems.removeFromTicket')?.body).toEqual([
      11, 12,
    ]);
  });

  it('offers nothing without tickets:write', () => {
    renderActions([supply], [], false);
    expect(screen.queryByRole('button', { name: 'Move to new ticket' })).toBeNull();
  });
});
