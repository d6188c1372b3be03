import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import type { FormInstanceRow } from './formExplorerQueries.ts';
import { buildFormInstanceRow, fakeFormsServer, instancesBody } from './formExplorerTestData.ts';
import { FormExplorerPage } from './FormExplorerPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store of their own: one test's notice must not be found by the next.
  notifications.clean();
});

const everyCompany = { attributes: { companyId: { type: 'ALL' as const } } };
const companies = [
  { companyId: 2, name: 'Acme Cooling' },
  { companyId: 3, name: 'Borealis Data' },
];

function renderPage(rows: FormInstanceRow[], options: { initialPath?: string; routes?: FakeRoute[] } = {}) {
  const api = fakeApi([
    ...(options.routes ?? []),
    ...fakeFormsServer(rows),
    {
      method: 'GET',
      path: /^\/companies/,
      reply: {
        body: companies.map((company) => ({
          ...company,
          netSuiteCustomerInternalId: null,
          subscription: 'OBSERVABILITY',
          logoUrl: null,
          logoContentType: null,
          logoFilePath: null,
          isDeleted: false,
        })),
      },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: { 'tickets:read': [everyCompany], 'companies:read': [everyCompany] },
    }),
  );
  const result = renderWithRouter([{ path: '/', element: <FormExplorerPage /> }], {
    queryClient,
    initialPath: options.initialPath ?? '/',
  });
  const lists = () => api.requests.filter((request) => request.path === '/entities.forms.listInstances');
  return { ...result, ...api, lists };
}

const search = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

const rows = [
  buildFormInstanceRow({ formId: 7, entityId: 1042 }),
  buildFormInstanceRow({
    formId: 8,
    entityId: 1043,
    formLabel: 'Incident inspection',
    status: 'Completed',
    isFormCompleted: true,
    assetId: 32,
    assetName: 'CRAH-02',
    companyId: 3,
    companyName: 'Borealis Data',
  }),
];

// Popovers and menus through userEvent take seconds on a busy machine.
describe('form explorer', { timeout: 40_000 }, () => {
  it('asks for ticket forms newest first and shows each column of the spec', async () => {
    const { lists } = renderPage(rows);
    const table = await screen.findByRole('table', { name: 'Forms' });
    expect(await within(table).findByText('7 - 1042')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Form explorer', level: 1 })).toBeInTheDocument();
    expect(instancesBody(lists()[0])).toEqual({
      formInstanceKeys: [{ entityType: 'TICKET' }],
      pageableQuery: {
        type: 'PAGED',
        pageSize: 50,
        pageNumber: 0,
        sort: [{ property: 'date', direction: 'DESC' }],
      },
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      '',
      'Actions',
      'ID',
      'Status',
      'Form Type',
      'Asset',
      'Company',
      'Date',
      'Ticket',
    ]);
    expect(within(table).getByRole('columnheader', { name: /Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const second = within(table).getByText('8 - 1043').closest('tr');
    if (!second) throw new Error('no row');
    expect(within(second).getByText('Completed')).toBeInTheDocument();
    expect(within(second).getByText('Incident inspection')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'CRAH-02' })).toHaveAttribute('href', '/user/devices/32');
    expect(within(second).getByRole('link', { name: 'Ticket 1043' })).toHaveAttribute(
      'href',
      '/user/tickets/1043/details',
    );
    expect(within(table).getAllByText('In Progress')).toHaveLength(1);
  });

  it('filters by date only when From is before To, and keeps the dates in the address', async () => {
    const { lists, router } = renderPage(rows);
    await screen.findByText('7 - 1042');
    // Both at once, before the page draws again: neither is lost.
    act(() => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    });
    expect(await screen.findByText('Ends before From: no date filter')).toBeInTheDocument();
    expect(instancesBody(lists().at(-1)).timeWindow).toBeUndefined();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    await waitFor(() =>
      expect(instancesBody(lists().at(-1)).timeWindow).toEqual({
        from: new Date(2026, 10, 20).toISOString(),
        to: new Date(2026, 10, 23).toISOString(),
      }),
    );
    expect(search(router)).toEqual({ from: '2026-11-20', to: '2026-11-22' });
  });

  it('filters by company with integer ids from the Company set filter', async () => {
    const user = userEvent.setup();
    const { lists, router } = renderPage(rows);
    await screen.findByText('7 - 1042');
    await user.click(await screen.findByRole('button', { name: 'Filter Company' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Acme Cooling' }));
    await waitFor(() => expect(instancesBody(lists().at(-1)).companyIds).toEqual([3]));
    expect(search(router)).toEqual({ company: '3' });

    // No company at all matches nothing: the page says so without asking the server.
    const asked = lists().length;
    await user.click(screen.getByRole('button', { name: 'Select none' }));
    expect(await screen.findByText(/No company is chosen in the Company filter/)).toBeInTheDocument();
    expect(search(router)).toEqual({ company: 'none' });
    expect(lists()).toHaveLength(asked);
  });

  it('keeps Export all disabled until a form is chosen; Select All chooses every page and toggles back', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 60 }, (_, index) =>
      buildFormInstanceRow({ formId: 7, entityId: 2000 + index }),
    );
    const { lists } = renderPage(many);
    await screen.findByText('7 - 2000');
    const exportAll = screen.getByRole('button', { name: 'Export all' });
    expect(exportAll).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select form 7 - 2001' }));
    expect(exportAll).toBeEnabled();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(screen.getByText('No forms selected')).toBeInTheDocument();
    expect(exportAll).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(await screen.findByText('60 selected')).toBeInTheDocument();
    expect(instancesBody(lists().at(-1)).pageableQuery).toMatchObject({ pageSize: 1000, pageNumber: 0 });
    expect(screen.getByRole('checkbox', { name: 'Select form 7 - 2000' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('checkbox', { name: 'Select form 7 - 2059' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Deselect All' })).toBeInTheDocument();
  });

  it('exports the chosen forms as one workbook, asking for their shared checklist once', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: () => 'blob:workbook',
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const three = [1042, 1043, 1044].map((entityId) => buildFormInstanceRow({ formId: 7, entityId }));
    const { requests } = renderPage(three);
    for (const row of three)
      await user.click(await screen.findByRole('checkbox', { name: `Select form ${row.id}` }));
    await user.click(screen.getByRole('button', { name: 'Export all' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel workbook (a sheet per form)' }));
    expect(await screen.findByText('Exported 3 forms.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(saved).toEqual([expect.stringMatching(/^Forms \d{4}-\d{2}-\d{2}\.xlsx$/)]);
    const asked = (path: string) => requests.filter((request) => request.path === path).length;
    expect(asked('/entities.forms.definitions.get')).toBe(1);
    expect(asked('/entities.forms.listValues')).toBe(3);
    vi.restoreAllMocks();
  });

  it('previews a form read-only: values under their labels, a section with nothing filled hidden', async () => {
    const user = userEvent.setup();
    renderPage(rows);
    await user.click(await screen.findByRole('button', { name: 'Preview form 7 - 1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Form Preview' });
    expect(await within(dialog).findByText('Supply air temperature')).toBeInTheDocument();
    expect(within(dialog).getByText('18.4')).toBeInTheDocument();
    expect(within(dialog).getByText('Filters clean')).toBeInTheDocument();
    expect(within(dialog).getByText('Yes')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Section 1 – Visual inspection' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Section 2 – Belts')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says what to do when nothing is filled in', async () => {
    renderPage([]);
    expect(await screen.findByText(/No forms have been filled in yet/)).toBeInTheDocument();
  });

  it('shows the server’s reason when the list fails', async () => {
    renderPage(rows, {
      routes: [
        {
          method: 'POST',
          path: /^\/entities\.forms\.listInstances$/,
          reply: { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } },
        },
      ],
    });
    // A server error is retried before it is shown.
    const title = await screen.findByText('Unable to load forms', {}, { timeout: 10_000 });
    const alert = title.closest('[role="alert"]');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});
