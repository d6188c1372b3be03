import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaintenanceWindow } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { browserTimeZone, formatDateTime } from '../../shared/formatting/dateTime.ts';
import { buildAsset } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { nextWholeHour } from './maintenanceFormat.ts';
import { MaintenanceWindowsPanel } from './MaintenanceWindowsPanel.tsx';

const HOUR = 3_600_000;
const hall = buildAsset({ assetId: 3, assetTypeId: 3, type: 'Datahall', name: 'Hall 1', companyId: 2 });

function buildWindow(overrides: Partial<MaintenanceWindow> = {}): MaintenanceWindow {
  const start = nextWholeHour(Date.now()) + HOUR;
  return {
    assetMaintenanceWindowId: 1,
    assetId: 3,
    assetName: 'Hall 1',
    assetTypeId: 3,
    companyId: 2,
    description: 'Chiller swap',
    timeWindow: { from: new Date(start).toISOString(), to: new Date(start + 2 * HOUR).toISOString() },
    timeZoneId: 'Europe/Berlin',
    canceledAt: null,
    cancelReason: null,
    canceledBy: null,
    state: 'UPCOMING',
    isPast: false,
    createdBy: { userId: 7, name: 'Ada Operator' },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const page = (content: MaintenanceWindow[]) => ({
  body: { content, pageable: { totalSize: content.length, pageSize: 10, pageNumber: 0 } },
});

function renderPanel(options: { windows?: MaintenanceWindow[]; write?: boolean; extra?: FakeRoute[] } = {}) {
  const list = vi.fn((_request: FakeRequest) => page(options.windows ?? [buildWindow()]));
  const api = fakeApi([
    ...(options.extra ?? []),
    { method: 'POST', path: /^\/assets\.listMaintenanceWindows$/, reply: list },
  ]);
  const queryClient = createQueryClient();
  const scoped = { attributes: { companyId: { type: 'VALUES' as const, values: [2] } } };
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: {
        'assets:read': [scoped],
        ...(options.write === false ? {} : { 'maintenanceWindows:write': [scoped] }),
      },
    }),
  );
  renderWithRouter([{ path: '/', element: <MaintenanceWindowsPanel asset={hall} /> }], { queryClient });
  return { ...api, list };
}

afterEach(() => vi.unstubAllGlobals());

describe('maintenance windows panel', () => {
  it('lists the asset’s windows with their state, span and zone, and who planned them', async () => {
    const canceled = buildWindow({
      assetMaintenanceWindowId: 2,
      description: 'Filter change',
      state: 'CANCELED',
      canceledAt: new Date().toISOString(),
      cancelReason: 'Parts late',
      canceledBy: { userId: 8, name: 'Tom Tech' },
    });
    const { requests } = renderPanel({ windows: [buildWindow(), canceled] });
    await screen.findByText('Filter change');
    const table = screen.getByRole('table', { name: 'Maintenance windows' });
    const [, upcoming, canceledRow] = within(table).getAllByRole('row');
    if (!upcoming || !canceledRow) throw new Error('two rows expected');
    expect(within(upcoming).getByText('Upcoming')).toBeInTheDocument();
    expect(within(upcoming).getByText('Europe/Berlin')).toBeInTheDocument();
    expect(within(canceledRow).getByText('Canceled')).toBeInTheDocument();
    expect(within(canceledRow).getByText('Canceled by Tom Tech: Parts late')).toBeInTheDocument();
    // A canceled window can be neither edited nor canceled again.
    expect(within(canceledRow).queryByRole('button')).toBeNull();
    expect(screen.getByText('2 maintenance windows')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({
      filter: { assetIds: [3] },
      pageableQuery: { type: 'PAGED', pageSize: 10, pageNumber: 0 },
    });
  });

  it('filters by state and by text on the server', async () => {
    const user = userEvent.setup();
    const { list } = renderPanel();
    await screen.findByText('Chiller swap');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await waitFor(() =>
      expect(list.mock.lastCall?.[0].body).toMatchObject({ filter: { states: ['ACTIVE'] } }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'chiller');
    await waitFor(() =>
      expect(list.mock.lastCall?.[0].body).toMatchObject({ filter: { states: ['ACTIVE'], text: 'chiller' } }),
    );
  });

  it('says when nothing is planned, and offers planning only with maintenanceWindows:write', async () => {
    renderPanel({ windows: [], write: false });
    expect(await screen.findByText('No maintenance is planned for Hall 1.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plan maintenance' })).toBeNull();
  });

  it('hides edit and cancel from a user without the permission', async () => {
    renderPanel({ write: false });
    await screen.findByText('Chiller swap');
    expect(screen.queryByRole('button', { name: /Edit|Cancel/ })).toBeNull();
  });

  it('offers no edit or cancel on a window that is over, while a running one keeps its cancel', async () => {
    const now = Date.now();
    const past = buildWindow({
      assetMaintenanceWindowId: 2,
      description: 'Filter change',
      timeWindow: { from: new Date(now - 5 * HOUR).toISOString(), to: new Date(now - HOUR).toISOString() },
      state: 'PAST',
      isPast: true,
    });
    const running = buildWindow({
      assetMaintenanceWindowId: 3,
      description: 'Pump swap',
      timeWindow: { from: new Date(now - HOUR).toISOString(), to: new Date(now + HOUR).toISOString() },
      state: 'ACTIVE',
    });
    renderPanel({ windows: [past, running] });
    expect(await screen.findByRole('button', { name: 'Cancel Pump swap' })).toBeInTheDocument();
    expect(screen.getByText('Filter change')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Filter change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Filter change' })).toBeNull();
  });

  it('plans a window in the chosen zone, checking the description first', async () => {
    const user = userEvent.setup();
    const create = vi.fn((_request: FakeRequest) => ({ body: buildWindow() }));
    renderPanel({
      windows: [],
      extra: [{ method: 'POST', path: /^\/assets\.createMaintenanceWindow$/, reply: create }],
    });
    await user.click(await screen.findByRole('button', { name: 'Plan maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan maintenance for Hall 1' });
    expect(
      within(dialog).getByText(/Covers every unit in Hall 1, including units added later/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Plan maintenance' }));
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Chiller swap');
    await user.click(within(dialog).getByRole('button', { name: 'Plan maintenance' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const start = nextWholeHour(Date.now());
    expect(create.mock.calls[0]?.[0].body).toEqual({
      assetId: 3,
      description: 'Chiller swap',
      timeZoneId: browserTimeZone(),
      timeWindow: { from: new Date(start).toISOString(), to: new Date(start + 4 * HOUR).toISOString() },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s reason when an edit is refused', async () => {
    const user = userEvent.setup();
    renderPanel({
      extra: [
        {
          method: 'POST',
          path: /^\/assets\.updateMaintenanceWindow$/,
          reply: {
            status: 409,
            body: {
              code: 'CONFLICT',
              message: 'This maintenance window is over and can no longer be changed.',
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Chiller swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit maintenance window' });
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Chiller swap');
    // The bounds read as wall-clock times in the window's own zone, whatever the browser's, in the spec's
    // MM/dd/yyyy hh:mm a (the picker leaves out seconds).
    const from = Date.parse(buildWindow().timeWindow.from);
    expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveTextContent(
      formatDateTime(from, 'Europe/Berlin').replace(/:\d\d (AM|PM)$/, ' $1'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This maintenance window is over and can no longer be changed.',
    );
  });

  it('cancels a window only with a reason', async () => {
    const user = userEvent.setup();
    const cancel = vi.fn((_request: FakeRequest) => ({ body: [buildWindow({ state: 'CANCELED' })] }));
    renderPanel({ extra: [{ method: 'POST', path: /^\/assets\.cancelMaintenanceWindow$/, reply: cancel }] });
    await user.click(await screen.findByRole('button', { name: 'Cancel Chiller swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel maintenance window' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel window' }));
    expect(within(dialog).getByText('Cancel reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Cancel reason' }), 'Parts late');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel window' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect(cancel.mock.calls[0]?.[0].body).toEqual([
      { assetMaintenanceWindowId: 1, cancelReason: 'Parts late' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
