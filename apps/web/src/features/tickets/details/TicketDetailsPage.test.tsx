import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, renderTicket } from './renderTicket.tsx';
import { buildTicket, buildTicketUser } from './ticketTestData.ts';

const LOADED = { timeout: 25_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store of their own: one test's 'Ticket saved' must not appear in the next.
  act(() => notifications.clean());
});
// A whole page of panels renders in jsdom in a second or two, and much slower on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const details = () => screen.findByRole('form', { name: 'Ticket fields' }, LOADED);

describe('ticket details', () => {
  it('frames the ticket: number and title, status, state, company, and the tabs the user may open', async () => {
    renderTicket();
    expect(
      await screen.findByRole('heading', { level: 1, name: '#42 Supply air too warm on CRAH 01' }, LOADED),
    ).toBeInTheDocument();
    const summary = screen.getByRole('group', { name: 'Ticket summary' });
    expect(within(summary).getByText('New')).toBeInTheDocument();
    expect(within(summary).getByText('Open')).toBeInTheDocument();
    expect(within(summary).getByText('Acme Cooling')).toBeInTheDocument();
    expect(within(summary).getByText('Internal')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Ticket sections' });
    // Problems needs kyotoEventDetails:read and detectedProblems:read, which this user lacks.
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Details']);
  });

  it('shows every field with its value, the estimate in hours and a missing date as the placeholder', async () => {
    renderTicket({ ticket: buildTicket({ salesOrderNumber: 'SO-1001', isBillable: true }) });
    const form = await details();
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveValue(
      'Supply air too warm on CRAH 01',
    );
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Supply air has been above 24 °C since this morning.',
    );
    expect(within(form).getByRole('combobox', { name: 'Type' })).toHaveValue('Incident');
    expect(within(form).getByRole('combobox', { name: 'Priority' })).toHaveValue('Medium');
    expect(within(form).getByRole('combobox', { name: 'Severity' })).toHaveValue('Warning');
    expect(within(form).getByRole('combobox', { name: 'Source' })).toHaveValue('Internal');
    // The estimate reads in hours; its ISO text shows only while it is being edited, with the hours beside it.
    const estimate = within(form).getByRole('textbox', { name: 'Estimated duration' });
    expect(estimate).toHaveValue('4.5 h');
    expect(within(form).queryByText('PT4H30M')).toBeNull();
    act(() => estimate.focus());
    await waitFor(() => expect(estimate).toHaveValue('PT4H30M'));
    expect(within(form).getByText('4.5 h')).toBeInTheDocument();
    act(() => estimate.blur());
    await waitFor(() => expect(estimate).toHaveValue('4.5 h'));
    expect(screen.getByRole('textbox', { name: 'Sales order number' })).toHaveValue('SO-1001');
    expect(screen.getByRole('switch', { name: 'Billable' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Billing state' })).toHaveValue('Not billable');
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(status).getByText('Date Not Available')).toBeInTheDocument();
    expect(within(status).getByText(/^11\/20\/2026 \d\d:15:00 (AM|PM)$/)).toBeInTheDocument();
  });

  it('saves only the field that changed', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket();
    const form = await details();
    const save = within(form).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.click(within(form).getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await user.click(save);
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.update')).toEqual([{ ticketId: 42, priorityEnumValue: 2 }]),
    );
    // Saved: the form shows the server's ticket again, with nothing left to save.
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(form).getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
  });

  it('saves a changed title trimmed, with Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket();
    const form = await details();
    const title = within(form).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Supply air too warm  {Enter}');
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.update')).toEqual([{ ticketId: 42, title: 'Supply air too warm' }]),
    );
  });

  it("refuses an estimate the duration module cannot read, with the module's message", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket();
    const form = await details();
    const estimate = within(form).getByRole('textbox', { name: 'Estimated duration' });
    await user.clear(estimate);
    await user.type(estimate, '4h');
    expect(
      within(form).getByText("Duration string 4h not recognized. Must start with 'P'."),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.clear(estimate);
    await user.type(estimate, 'P1M');
    expect(within(form).getByText("Hours can't be calculated with months.")).toBeInTheDocument();
    await user.clear(estimate);
    await user.type(estimate, 'PT90M');
    expect(within(form).getByText('1.5 h')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.update')).toEqual([{ ticketId: 42, estimatedDuration: 'PT90M' }]),
    );
  });

  it('changes the status through changeStatus and shows the state and closing time that follow', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket();
    await details();
    const status = screen.getByRole('region', { name: 'Status' });
    await user.click(within(status).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.changeStatus')).toEqual([{ ticketId: 42, statusEnumValue: 11 }]),
    );
    expect(
      await within(status).findByText('Closed', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(within(status).queryByText('Date Not Available')).not.toBeInTheDocument();
    expect(bodiesOf(requests, '/tickets.update')).toEqual([]);
  });

  it('lets provider staff choose the visibility; an external user has no such control', async () => {
    const user = userEvent.setup({ delay: null });
    const staff = renderTicket();
    const form = await details();
    await user.click(within(form).getByRole('radio', { name: 'External' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodiesOf(staff.requests, '/tickets.update')).toEqual([{ ticketId: 42, visibility: 'EXTERNAL' }]),
    );
    staff.unmount();
    vi.unstubAllGlobals();

    renderTicket({
      me: buildTicketUser({ external: true }),
      ticket: buildTicket({ visibility: 'EXTERNAL' }),
    });
    const external = await details();
    expect(within(external).getByRole('textbox', { name: /^Title/ })).not.toHaveAttribute('readonly');
    expect(within(external).queryByRole('radio', { name: 'Internal' })).not.toBeInTheDocument();
    expect(within(external).queryByText('Visibility')).not.toBeInTheDocument();
    expect(screen.queryByText('External', { selector: '.mantine-Badge-label' })).not.toBeInTheDocument();
  });

  it('shows a frozen ticket read-only under a banner, and unfreezes it after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket({ ticket: buildTicket({ isFrozen: true }) });
    const form = await details();
    expect(screen.getByText('This ticket is frozen')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'Priority' })).toHaveAttribute('readonly');
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add asset' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Billable' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unfreeze ticket' });
    await user.click(within(dialog).getByRole('button', { name: 'Unfreeze' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/tickets.setFrozen')).toEqual([{ ticketId: 42, isFrozen: false }]),
    );
    await waitFor(() => expect(screen.queryByText('This ticket is frozen')).not.toBeInTheDocument());
    expect(within(form).getByRole('textbox', { name: /^Title/ })).not.toHaveAttribute('readonly');
  });

  it('shows the ticket read-only to a user without tickets:write', async () => {
    renderTicket({ me: buildTicketUser({ write: false }) });
    const form = await details();
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Frozen/ })).toBeDisabled();
  });

  it('says No Ticket Information for a ticket that is missing or fails to load', async () => {
    const missing = renderTicket({ getStatus: 404 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No Ticket Information' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ticket #42 does not exist, or you may not see it/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    missing.unmount();
    vi.unstubAllGlobals();

    renderTicket({ getStatus: 400 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No Ticket Information' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load ticket #42');
    expect(screen.getByRole('alert')).toHaveTextContent('Ticket not found.');
  });

  it('flags the accounting blockers', async () => {
    const blocker = 'Sales Price is not properly set, it must be a valid positive value.';
    renderTicket({ ticket: buildTicket({ netsuiteBlockers: [blocker] }) });
    await details();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Accounting blockers');
    expect(alert).toHaveTextContent(blocker);
  });

  it("shows a customer neither billing, nor accounting blockers, nor the freeze controls: they are the provider's", async () => {
    const blocker = 'Sales Price is not properly set, it must be a valid positive value.';
    renderTicket({
      me: buildTicketUser({ external: true }),
      ticket: buildTicket({ visibility: 'EXTERNAL', isFrozen: true, netsuiteBlockers: [blocker] }),
    });
    await details();
    expect(screen.getByText('This ticket is frozen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unfreeze' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /^Frozen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ticket billing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Billable' })).not.toBeInTheDocument();
    expect(screen.queryByText('Accounting blockers')).not.toBeInTheDocument();
    expect(screen.queryByText(blocker)).not.toBeInTheDocument();
  });

  it('lists the history newest first with who and when, in words', async () => {
    renderTicket({
      history: [
        {
          eventId: 3,
          name: 'tickets.changeStatus',
          actorName: 'Sam Staff',
          createdAt: '2026-11-21T09:30:00.000Z',
          data: { from: 0, to: 2 },
        },
        {
          eventId: 1,
          name: 'tickets.create',
          actorName: null,
          createdAt: '2026-11-20T08:15:00.000Z',
          data: { title: 'Supply air too warm on CRAH 01' },
        },
      ],
    });
    const history = await screen.findByRole('list', { name: 'Ticket history' }, LOADED);
    const items = within(history).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Changed status from New to In progress');
    expect(items[0]).toHaveTextContent(/Sam Staff · 11\/21\/2026 \d\d:30:00 (AM|PM)/);
    expect(items[1]).toHaveTextContent('Created the ticket “Supply air too warm on CRAH 01”');
    expect(items[1]).toHaveTextContent('System ·');
  });

  it('walks a new user through the screen once and records TicketDetailsTourSeen', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTicket({ toursSeen: [] });
    const tour = await screen.findByRole('dialog', { name: 'Tour of the ticket details' }, LOADED);
    expect(within(tour).getByText('Step 1 of 5')).toBeInTheDocument();
    for (let step = 1; step < 5; step++) await user.click(within(tour).getByRole('button', { name: 'Next' }));
    await user.click(within(tour).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(bodiesOf(requests, '/users/me/tours.markSeen')).toEqual([{ tour: 'TicketDetailsTourSeen' }]),
    );
    expect(screen.queryByRole('dialog', { name: 'Tour of the ticket details' })).not.toBeInTheDocument();
  });
});
