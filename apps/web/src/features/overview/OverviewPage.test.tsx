import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Asset, FleetAsset } from '@kelvin/contract';
import { ASSET_HEALTH_COLOURS, assetDisplayName, DEVICE_STATUS_BITS } from '@kelvin/domain';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildAsset, buildFleet } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { forgetOverviewState, OVERVIEW_STATE_KEY, useOverviewStore } from './overviewStore.ts';
import { OverviewPage } from './OverviewPage.tsx';

const routes: RouteObject[] = [
  { path: '/user/overview', element: <OverviewPage /> },
  { path: '/user/devices/:assetId/liveView', element: <p>Live view</p> },
];

/** buildFleet's hall holds CRAH 01 (4) and CRAH 02 (5); a third unit in a second hall goes silent. */
const fleet: Asset[] = [
  ...buildFleet(),
  buildAsset({ assetId: 7, name: 'Building B', parentAssetId: 6, assetTypeId: 2, type: 'Building' }),
  buildAsset({ assetId: 8, name: 'Hall 9', parentAssetId: 7, assetTypeId: 3, type: 'Datahall' }),
  buildAsset({ assetId: 9, name: 'CRAH 09', parentAssetId: 8, assetTypeId: 4, type: 'Unit' }),
];
const now = Date.now();
const states = [
  { assetId: 4, health: 'HEALTHY', lastSeenAt: new Date(now).toISOString() },
  { assetId: 5, health: 'NO_MONITOR', lastSeenAt: null },
  { assetId: 9, health: 'COMMUNICATION_LOST', lastSeenAt: new Date(now - 3_600_000).toISOString() },
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

function renderOverview(assets: Asset[] = fleet) {
  const visible = new Set(assets.map((asset) => asset.assetId));
  const api = fakeApi([
    { method: 'GET', path: /^\/assets\/fleet$/, reply: { body: slim(assets) } },
    {
      method: 'POST',
      path: /^\/assets\.fleet\.state$/,
      reply: { body: states.filter((s) => visible.has(s.assetId)) },
    },
    { method: 'GET', path: /^\/metrics$/, reply: { body: [] } },
    {
      method: 'POST',
      path: /^\/assets\/metrics\/lastValue$/,
      reply: {
        body: {
          '31': { '4': cell(DEVICE_STATUS_BITS.FAULT) },
          '32': { '4': cell(DEVICE_STATUS_BITS.STALE), '9': cell(DEVICE_STATUS_BITS.ALARM) },
        },
      },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['assets:read', 'metrics:read']));
  return { ...renderWithRouter(routes, { initialPath: '/user/overview', queryClient }), ...api };
}

function cell(status: number) {
  return {
    value: 1,
    timestamp: now,
    metadata: { type: 'number', value: 1, status, units: null, overrideType: 'NONE' },
  };
}

/** The first tiles wait for the assets and then the states: on a busy machine more than the default second. */
const findTile = (name: string) => screen.findByRole('button', { name }, { timeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOverviewState();
});

describe('overview', () => {
  it('draws a tile per unit grouped by site, building and hall, coloured by health, with the legend', async () => {
    const { requests } = renderOverview();
    await findTile('CRAH 01: Healthy');
    const hall = screen.getByRole('region', { name: 'Oslo Campus › Building A › Hall 1' });
    const tiles = within(hall).getAllByRole('button');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'CRAH 01: Healthy',
      'CRAH 02: No monitor',
    ]);
    expect(tiles[0]).toHaveStyle({ backgroundColor: ASSET_HEALTH_COLOURS.HEALTHY });
    expect(await screen.findByRole('button', { name: 'CRAH 09: Communication lost' })).toHaveAttribute(
      'data-state',
      'COMMUNICATION_LOST',
    );
    const legend = screen.getByRole('list', { name: 'Legend: Device State' });
    expect(within(legend).getByText('Communication lost').parentElement).toHaveTextContent(
      'Communication lost 1',
    );
    // The slim calls, one each: not the full asset list, nor a health call per list of ids.
    const paths = requests.map((request) => request.path);
    expect(paths.filter((path) => path === '/assets/fleet')).toHaveLength(1);
    expect(paths.filter((path) => path === '/assets.fleet.state')).toHaveLength(1);
    expect(paths.some((path) => path === '/assets' || path === '/assets.state.list')).toBe(false);
  });

  it('opens a unit’s live view on click, and with the keyboard after moving along the tiles', async () => {
    const user = userEvent.setup();
    const { router } = renderOverview();
    const first = await findTile('CRAH 01: Healthy');
    // One tab stop per group; arrows move inside it.
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'CRAH 02: No monitor' })).toHaveAttribute('tabindex', '-1');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'CRAH 02: No monitor' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/5/liveView'));

    await router.navigate('/user/overview');
    await user.click(await screen.findByRole('button', { name: 'CRAH 09: Communication lost' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/9/liveView'));
  });

  it('colours by the worst status bit in the device status mode, kept in the saved state', async () => {
    const user = userEvent.setup();
    const { requests } = renderOverview();
    await findTile('CRAH 01: Healthy');
    await user.click(screen.getByRole('radio', { name: /Device Status/ }));
    expect(await screen.findByRole('button', { name: 'CRAH 01: Fault' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'CRAH 09: Alarm' })).toBeInTheDocument();
    // Seen recently, no flagged reading: OK. Never heard from: no data to read a status from.
    expect(screen.getByRole('button', { name: 'CRAH 02: No data' })).toBeInTheDocument();
    const lastValues = requests.find((request) => request.path === '/assets/metrics/lastValue');
    expect(lastValues?.body).toMatchObject({ assetIds: [9, 4, 5] });
    expect(JSON.parse(sessionStorage.getItem(OVERVIEW_STATE_KEY) ?? '{}')).toMatchObject({
      state: { viewMode: 'Device Status' },
    });
  });

  it('hides names and the legend when asked, and collapses the options', async () => {
    const user = userEvent.setup();
    renderOverview();
    const tile = await findTile('CRAH 01: Healthy');
    expect(tile).toHaveTextContent('CRAH 01');
    await user.click(screen.getByRole('switch', { name: 'Show device names' }));
    expect(screen.getByRole('button', { name: 'CRAH 01: Healthy' })).toHaveTextContent('');
    await user.click(screen.getByRole('switch', { name: 'Show legend' }));
    expect(screen.queryByRole('list', { name: 'Legend: Device State' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide options' }));
    expect(screen.queryByRole('switch', { name: 'Show legend' })).not.toBeInTheDocument();
    expect(useOverviewStore.getState()).toMatchObject({
      showDeviceNames: false,
      showLegend: false,
      sidebarCollapsed: true,
    });
  });

  it('says so when the user can see no unit', async () => {
    renderOverview(buildFleet().filter((asset) => asset.assetTypeId !== 4));
    expect(await screen.findByText(/No units to show/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CRAH/ })).not.toBeInTheDocument();
  });

  it('recolours a tile when a refresh brings another health, keeping the others', async () => {
    const user = userEvent.setup();
    renderOverview();
    const first = await findTile('CRAH 01: Healthy');
    const state = states[0];
    if (!state) throw new Error('no state');
    state.health = 'CRITICAL';
    try {
      await user.click(screen.getByRole('button', { name: 'Refresh the units’ state' }));
      expect(await findTile('CRAH 01: Critical')).toBe(first);
      expect(first).toHaveAttribute('data-state', 'CRITICAL');
      expect(first).toHaveStyle({ backgroundColor: ASSET_HEALTH_COLOURS.CRITICAL });
      expect(screen.getByRole('button', { name: 'CRAH 09: Communication lost' })).toBeInTheDocument();
    } finally {
      state.health = 'HEALTHY';
    }
  });
});
