import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Asset, FleetAsset } from '@kelvin/contract';
import { assetDisplayName } from '@kelvin/domain';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildAsset, buildFleet } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { forgetRecentUnits, recordVisit } from './recentUnitsStore.ts';

const routes: RouteObject[] = [
  { path: '/user/dashboard', element: <DashboardPage /> },
  { path: '/user/devices/:assetId/*', element: <p>Device page</p> },
  { path: '/link/:sharedViewId', element: <p>Shared view link</p> },
];

const unit = (assetId: number, name: string) =>
  buildAsset({ assetId, name, parentAssetId: 3, assetTypeId: 4, type: 'Unit' });
/** buildFleet's Hall 1 with CRAH 01 and 02, and four more units in it. */
const fleet: Asset[] = [
  ...buildFleet(),
  unit(10, 'CRAH 10'),
  unit(11, 'CRAH 11'),
  unit(12, 'CRAH 12'),
  unit(13, 'CRAH 13'),
];
// Minutes and hours back, so that the second or two between here and the answer does not show.
const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();
const states = [
  { assetId: 4, health: 'HEALTHY', lastSeenAt: ago(5_000) },
  { assetId: 5, health: 'WARNING', lastSeenAt: ago(3 * 3_600_000 + 30 * 60_000) },
  { assetId: 10, health: 'COMMUNICATION_LOST', lastSeenAt: ago(2 * 3_600_000 + 15 * 60_000) },
  { assetId: 11, health: 'COMMUNICATION_LOST', lastSeenAt: null },
  { assetId: 12, health: 'CRITICAL', lastSeenAt: ago(3_600_000) },
  { assetId: 13, health: 'NO_MONITOR', lastSeenAt: null },
];

/** As assets.fleet answers them: place and display name only. */
function slim(assets: readonly Asset[]): FleetAsset[] {
  return assets.map((asset) => ({
    assetId: asset.assetId,
    companyId: asset.companyId,
    parentAssetId: asset.parentAssetId,
    assetTypeId: asset.assetTypeId,
    name: assetDisplayName(asset),
  }));
}

function renderDashboard(options: { permissions?: string[]; toursSeen?: string[] } = {}) {
  const api = fakeApi([
    // The overview's slim answers; the full assets list is not asked for (a route for it would hide that).
    { method: 'GET', path: /^\/assets\/fleet$/, reply: { body: slim(fleet) } },
    { method: 'POST', path: /^\/assets\.fleet\.state$/, reply: { body: states } },
    {
      method: 'GET',
      path: /^\/users\/me\/tours$/,
      reply: { body: options.toursSeen ?? ['AssetDashboardTourSeen'] },
    },
    { method: 'POST', path: /^\/users\/me\/tours\.markSeen$/, reply: { body: ['AssetDashboardTourSeen'] } },
    {
      method: 'POST',
      path: /^\/sharedViews\.list$/,
      reply: {
        body: [
          {
            sharedViewId: 31,
            externalId: 'x',
            creatorId: 7,
            creatorName: 'Ada Operator',
            companyId: 2,
            name: 'Supply air, hall 1',
            description: 'The supply air of every unit',
            type: 'PUBLISHED',
            context: 'DIAGNOSE',
            schema: 'v4',
            isDeleted: false,
            createdAt: ago(0),
            updatedAt: ago(0),
          },
        ],
      },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser(options.permissions ?? ['assets:read', 'metrics:read']),
  );
  return { ...renderWithRouter(routes, { initialPath: '/user/dashboard', queryClient }), ...api };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

afterEach(() => {
  vi.unstubAllGlobals();
  forgetRecentUnits();
});

describe('dashboard', () => {
  it('draws the fleet from the slim answers only, not the full assets list', async () => {
    const { requests } = renderDashboard();
    await screen.findByRole('table', { name: 'Units that need attention' }, { timeout: 5000 });
    const paths = requests.map((request) => request.path);
    expect(paths.filter((path) => path === '/assets/fleet')).toHaveLength(1);
    expect(paths.filter((path) => path === '/assets.fleet.state')).toHaveLength(1);
    expect(paths.filter((path) => path.startsWith('/assets?') || path === '/assets')).toEqual([]);
    expect(paths).not.toContain('/assets.state.list');
  });

  it('lists what needs attention first: lost communication (never heard from first), critical, warning', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Units that need attention' }, { timeout: 5000 });
    expect(rowsOf(table)).toEqual([
      ['CRAH 11Oslo Campus › Building A › Hall 1', 'Communication lost', 'Never'],
      ['CRAH 10Oslo Campus › Building A › Hall 1', 'Communication lost', '2h 15m ago'],
      ['CRAH 12Oslo Campus › Building A › Hall 1', 'Critical', '1h ago'],
      ['CRAH 02Oslo Campus › Building A › Hall 1', 'Warning', '3h 30m ago'],
    ]);
    expect(within(table).getByRole('link', { name: 'CRAH 11' })).toHaveAttribute(
      'href',
      '/user/devices/11/liveView',
    );
  });

  it('counts the fleet by health; a count narrows the list to its units, and again clears it', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const counts = await screen.findByRole('group', { name: 'Units by health' });
    const noMonitor = await within(counts).findByRole('button', { name: 'No monitor: 1' });
    expect(within(counts).getByRole('button', { name: 'Communication lost: 2' })).toBeInTheDocument();
    await user.click(noMonitor);
    expect(noMonitor).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Units: No monitor' })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table'))).toEqual([
      ['CRAH 13Oslo Campus › Building A › Hall 1', 'No monitor', 'Never'],
    ]);
    await user.click(noMonitor);
    expect(rowsOf(screen.getByRole('table'))).toHaveLength(4);
  });

  it('names the units opened lately, newest first, and the shared views the user may open', async () => {
    recordVisit(4, now - 60_000);
    recordVisit(12, now - 1_000);
    recordVisit(999, now); // gone since: left out
    renderDashboard();
    const recent = await screen.findByRole('list', { name: 'Recently viewed' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['CRAH 12', 'CRAH 01']),
    );
    expect(within(recent).getByRole('link', { name: 'CRAH 12' })).toHaveAttribute('href', '/user/devices/12');
    const views = await screen.findByRole('list', { name: 'Shared views' });
    expect(within(views).getByRole('link', { name: 'Supply air, hall 1' })).toHaveAttribute(
      'href',
      '/link/31',
    );
  });

  it('walks a new user through the dashboard once and records AssetDashboardTourSeen', async () => {
    const user = userEvent.setup();
    const { requests } = renderDashboard({ toursSeen: [] });
    const tour = await screen.findByRole('dialog', { name: 'Tour of the dashboard' }, { timeout: 5000 });
    for (let step = 1; step < 4; step++) await user.click(within(tour).getByRole('button', { name: 'Next' }));
    await user.click(within(tour).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/users/me/tours.markSeen')?.body).toEqual({
        tour: 'AssetDashboardTourSeen',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Tour of the dashboard' })).not.toBeInTheDocument(),
    );
  });

  it('asks nothing about the fleet of a user who may not see devices', async () => {
    const { requests } = renderDashboard({ permissions: [] });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Operator' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Units by health' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/assets'))).toBe(false);
  });
});
