import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Asset } from '@kelvin/contract';
import { ASSET_HEALTH_COLOURS } from '@kelvin/domain';
import { createQueryClient } from '../../app/queryClient.ts';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildAsset, buildFleet } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { HEALTH_PAINTS } from '../overview/tilePaint.ts';
import { DatahallPage } from './DatahallPage.tsx';
import { forgetDatahallState, useDatahallStore } from './datahallStore.ts';
import { arrangeHall } from './hallArrangement.ts';
import { HallPlan } from './HallPlan.tsx';

const routes: RouteObject[] = [
  { path: '/user/datahall/:datahallId?', element: <DatahallPage /> },
  { path: '/user/devices/:assetId/liveView', element: <p>Live view</p> },
];

const at = (position: string) => ({ name: 'position', value: position, displayOrder: 1 });

/** buildFleet's Hall 1 (3) as an equinix hall of three units in rows A and B. */
const fleet: Asset[] = [
  ...buildFleet().map((asset) =>
    asset.assetId === 3
      ? {
          ...asset,
          properties: [...asset.properties, { name: 'deviceLayout', value: 'equinix', displayOrder: 1 }],
        }
      : asset,
  ),
  buildAsset({ assetId: 10, name: 'CRAH 03', parentAssetId: 3, datahallId: 3, assetTypeId: 4, type: 'Unit' }),
].map((asset) => {
  const units: Record<number, string> = {
    4: 'Row A, Position 1',
    5: 'Row A, Position 2',
    10: 'Row B, Position 1',
  };
  const position = units[asset.assetId];
  return position === undefined
    ? asset
    : { ...asset, datahallId: 3, properties: [...asset.properties, at(position)] };
});

function renderHall(initialPath: string) {
  const api = fakeApi([
    { method: 'GET', path: /^\/assets(\?.*)?$/, reply: { body: fleet } },
    {
      method: 'POST',
      path: /^\/assets\.state\.list$/,
      reply: {
        body: [
          { assetId: 4, health: 'HEALTHY', lastSeenAt: null },
          { assetId: 5, health: 'CRITICAL', lastSeenAt: null },
          { assetId: 10, health: 'COMMUNICATION_LOST', lastSeenAt: null },
        ],
      },
    },
    { method: 'GET', path: /^\/metrics$/, reply: { body: [] } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(['assets:read', 'metrics:read']));
  return { ...renderWithRouter(routes, { initialPath, queryClient }), ...api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDatahallState();
});

describe('data hall view', () => {
  it('draws the hall’s units in its layout, coloured by health, and opens a unit’s live view', async () => {
    const user = userEvent.setup();
    const { router } = renderHall('/user/datahall/3');
    const plan = await screen.findByRole('group', { name: 'Units of Hall 1' });
    expect(screen.getByText('Rows between cold and hot aisles · 3 units')).toBeInTheDocument();
    const critical = await within(plan).findByRole('button', { name: 'CRAH 02: Critical' });
    expect(critical).toHaveStyle({
      background: ASSET_HEALTH_COLOURS.CRITICAL,
      gridRow: '1',
      gridColumn: '2',
    });
    // Row B stands across the cold aisle from row A.
    expect(within(plan).getByText('Cold aisle')).toHaveStyle({ gridRow: '2 / span 1' });
    expect(within(plan).getByRole('button', { name: 'CRAH 03: Communication lost' })).toHaveStyle({
      gridRow: '3',
    });
    await user.click(critical);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/5/liveView'));
    expect(useDatahallStore.getState().lastDatahallId).toBe(3);
  });

  it('opens the hall of a unit picked in the tree, and says why a site opens none', async () => {
    const user = userEvent.setup();
    const { router } = renderHall('/user/datahall');
    expect(await screen.findByText(/Choose a data hall in the hierarchy/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Find an asset' }), 'crah 03');
    (await screen.findByRole('treeitem', { name: 'CRAH 03' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/datahall/3'));
    await user.clear(screen.getByRole('textbox', { name: 'Find an asset' }));
    await user.type(screen.getByRole('textbox', { name: 'Find an asset' }), 'bergen');
    (await screen.findByRole('treeitem', { name: 'Bergen Site' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Bergen Site is not in a data hall/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/datahall/3');
  });

  it('opens the hall looked at last when none is named', async () => {
    useDatahallStore.setState({ lastDatahallId: 3 });
    const { router } = renderHall('/user/datahall');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/datahall/3'));
  });

  it('says so for an id that is not one of the user’s halls', async () => {
    renderHall('/user/datahall/4');
    expect(await screen.findByText(/This data hall is not among your assets/)).toBeInTheDocument();
  });

  it('shows the chosen metric’s value on each unit, and the placeholder where none came', () => {
    const units = [4, 5].map((assetId) => ({ assetId, name: `CRAH 0${assetId}`, properties: [] }));
    render(
      <MantineProvider>
        <HallPlan
          label="Units of Hall 1"
          arrangement={arrangeHall('vertical', units)}
          paints={new Map([[4, HEALTH_PAINTS.HEALTHY]])}
          values={new Map([[4, '18.5 °C']])}
          metricName="Supply air temperature"
          onOpen={() => undefined}
        />
      </MantineProvider>,
    );
    // The name reads as the tile does (speech users say what they see); the tooltip names the metric.
    const tile = screen.getByRole('button', { name: 'CRAH 04: Healthy, 18.5 °C' });
    expect(tile).toHaveTextContent('CRAH 04 Healthy 18.5 °C');
    expect(tile).toHaveAttribute('title', 'CRAH 04: Healthy, Supply air temperature 18.5 °C');
    expect(screen.getByRole('button', { name: 'CRAH 05: No data, -------' })).toBeInTheDocument();
  });
});
