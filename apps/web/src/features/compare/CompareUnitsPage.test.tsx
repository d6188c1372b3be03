import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Asset, Metric } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { RouteGuard } from '../../app/router/RouteGuard.tsx';
import { userRoutes } from '../../app/router/userRoutes.tsx';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildAsset, buildFleet } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { fakeLiveTransport } from '../live/fakeLiveTransport.ts';
import { createLiveMetricSubscriber, type LiveMetricSubscriber } from '../live/liveMetricSubscriber.ts';
import { forgetCompareState, updateCompareUnits, useCompareUnitsStore } from './compareUnitsStore.ts';

const live = vi.hoisted(() => {
  const holder: { subscriber?: LiveMetricSubscriber } = {};
  return holder;
});
vi.mock('../live/sharedLiveSubscriber.ts', () => ({
  getSharedLiveSubscriber: () => {
    if (!live.subscriber) throw new Error('No live subscriber for this test');
    return live.subscriber;
  },
  endSharedLiveSubscriber: () => undefined,
}));

const routes: RouteObject[] = [{ path: '/user', element: <RouteGuard />, children: userRoutes }];

function buildMetric(overrides: Partial<Metric> & Pick<Metric, 'metricId' | 'alias' | 'name'>): Metric {
  return {
    displayType: 'line',
    valueType: 'number',
    metricEnumId: null,
    enumMap: null,
    parentAlias: null,
    path: overrides.alias,
    units: null,
    metadata: {},
    actionsPermitted: [],
    ...overrides,
  };
}

const SUPPLY_AIR = buildMetric({
  metricId: 10,
  alias: 'temperature.supplyAir',
  name: 'Supply air',
  units: '°C',
});
const MODE = buildMetric({
  metricId: 11,
  alias: 'unit.mode',
  name: 'Mode',
  displayType: 'enum',
  valueType: 'enum',
  enumMap: { '1': 'Cooling', '2': 'Heating' },
});

/** The small fleet and, in its hall, units 7 to 20: fourteen more than the limit needs. */
function fleetWithManyUnits(): Asset[] {
  const more = Array.from({ length: 14 }, (_, index) =>
    buildAsset({
      assetId: 7 + index,
      name: `CRAH ${10 + index}`,
      parentAssetId: 3,
      assetTypeId: 4,
      type: 'Unit',
    }),
  );
  return [...buildFleet(), ...more];
}

function renderCompare(initialPath = '/user/compare') {
  const fleet = fleetWithManyUnits();
  const api = fakeApi([
    { method: 'GET', path: /^\/assets(\?.*)?$/, reply: { body: fleet } },
    {
      method: 'GET',
      path: /^\/assets\/\d+\?includeCoverage=true$/,
      reply: (request) => ({
        body: fleet.find((asset) => asset.assetId === Number(/\/assets\/(\d+)/.exec(request.path)?.[1])),
      }),
    },
    { method: 'GET', path: /^\/metrics$/, reply: { body: [SUPPLY_AIR, MODE] } },
    {
      method: 'GET',
      path: /^\/assets\/metrics\?/,
      reply: (request) => {
        const ids = new URLSearchParams(request.path.split('?')[1]).get('assetIds')?.split(',') ?? [];
        return { body: ids.map((id) => ({ assetId: Number(id), metricIds: [10, 11] })) };
      },
    },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey,
    buildCurrentUser([], {
      permissions: Object.fromEntries(
        ['assets:read', 'metrics:read'].map((name) => [
          name,
          [{ attributes: { companyId: { type: 'VALUES', values: [2] } } }],
        ]),
      ),
    }),
  );
  return { ...renderWithRouter(routes, { initialPath, queryClient }), ...api };
}

const findPage = () => screen.findByRole('heading', { name: 'Compare units' });

let fake: ReturnType<typeof fakeLiveTransport>;
// The route loads the page lazily: loaded once here, so that no test's time goes to the first import. A page with a
// tree, a table and live values can take more than Testing Library's 1 s to show on a loaded two-core machine.
beforeAll(async () => {
  configure({ asyncUtilTimeout: 10_000 });
  await import('./CompareUnitsPage.tsx');
}, 30_000);
beforeEach(() => {
  fake = fakeLiveTransport();
  live.subscriber = createLiveMetricSubscriber(fake.transport);
});
afterEach(() => {
  forgetCompareState();
  vi.unstubAllGlobals();
});

// A page with a tree, a table and live values: more than the default 5 s on a loaded two-core machine.
describe('compare units page', { timeout: 20_000 }, () => {
  it('asks for two units, then for metrics, as units are picked in the hierarchy', async () => {
    const user = userEvent.setup();
    renderCompare();
    await findPage();
    expect(await screen.findByText('Pick the units to compare')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: /Find an asset/ }));
    await user.paste('crah 0');
    await user.click(await screen.findByText('CRAH 01'));
    expect(await screen.findByText('Pick one more unit')).toBeInTheDocument();
    expect(screen.getByText(/compare with CRAH 01/)).toBeInTheDocument();

    await user.click(screen.getByText('CRAH 02'));
    expect(await screen.findByText('Choose the metrics to compare')).toBeInTheDocument();
    expect(useCompareUnitsStore.getState().assetIds).toEqual([4, 5]);
    expect(screen.getByRole('treeitem', { name: 'CRAH 02' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses a thirteenth unit with a message and keeps the twelve', async () => {
    const user = userEvent.setup();
    const twelve = [4, 5, ...Array.from({ length: 10 }, (_, index) => 7 + index)];
    updateCompareUnits({ assetIds: twelve });
    renderCompare();
    await findPage();
    await user.click(screen.getByRole('textbox', { name: /Find an asset/ }));
    await user.paste('crah 23');
    await user.click(await screen.findByText('CRAH 23'));
    expect(await screen.findByText('At most 12 units are compared together.')).toBeInTheDocument();
    expect(useCompareUnitsStore.getState().assetIds).toEqual(twelve);
  });

  it('does not take a site or a hall as a unit', async () => {
    const user = userEvent.setup();
    renderCompare();
    await findPage();
    await user.click(await screen.findByText('Bergen Site'));
    expect(
      await screen.findByText('Bergen Site has no readings of its own: pick units.'),
    ).toBeInTheDocument();
    expect(useCompareUnitsStore.getState().assetIds).toEqual([]);
  });

  it('opens a link’s units, keeps the first twelve of a longer one and says so', async () => {
    const ids = [4, 5, ...Array.from({ length: 14 }, (_, index) => 7 + index)];
    const { router } = renderCompare(`/user/compare?assetIds=${ids.join(',')}`);
    expect(await screen.findByText('Too many units in the link')).toBeInTheDocument();
    expect(screen.getByText(/The link named 16 units; at most 12 are compared together/)).toBeInTheDocument();
    await waitFor(() => expect(useCompareUnitsStore.getState().assetIds).toEqual(ids.slice(0, 12)));
    // The address follows the comparison, so that copying it shares what is shown.
    await waitFor(() => expect(router.state.location.search).toBe(`?assetIds=${ids.slice(0, 12).join(',')}`));
  });

  it('leaves out a linked asset the user cannot see, and says so', async () => {
    const user = userEvent.setup();
    renderCompare('/user/compare?assetIds=4,99,5');
    expect(await screen.findByText('Some units are left out')).toBeInTheDocument();
    expect(
      screen.getByText(/One of the picked assets is not a unit you can see \(ids 99\)/),
    ).toBeInTheDocument();
    // The two it can see are compared.
    expect(await screen.findByText('Choose the metrics to compare')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove them' }));
    expect(useCompareUnitsStore.getState().assetIds).toEqual([4, 5]);
    expect(screen.queryByText('Some units are left out')).not.toBeInTheDocument();
  });

  it('shows the units’ live values side by side, differences from the reference highlighted', async () => {
    updateCompareUnits({ assetIds: [4, 5, 7], metricIds: [10, 11] });
    renderCompare();
    const table = await screen.findByRole('table', { name: 'Last values of the compared units' });
    act(() => fake.server().connected());
    act(() => {
      fake.send('4/10', 21.5);
      fake.send('5/10', 22.7);
      fake.send('7/10', 21.52);
      fake.send('4/11', 1);
      fake.send('5/11', 1);
      fake.send('7/11', 2);
    });
    const supplyRow = await within(table).findByRole('row', { name: /Supply air/ });
    await waitFor(() =>
      expect(within(supplyRow).getAllByRole('cell')[1]).toHaveTextContent('22.7 °C+1.2 °C'),
    );
    const [reference, warmer, same] = within(supplyRow).getAllByRole('cell');
    expect(reference).toHaveTextContent('21.5 °C');
    expect(reference).toHaveAttribute('data-difference', 'none');
    expect(warmer).toHaveAttribute('data-difference', 'higher');
    expect(same).toHaveTextContent('21.5 °C');
    expect(same).toHaveAttribute('data-difference', 'same');

    const modeCells = within(within(table).getByRole('row', { name: /Mode/ })).getAllByRole('cell');
    expect(modeCells.map((cell) => cell.getAttribute('data-difference'))).toEqual([
      'none',
      'same',
      'differs',
    ]);
    expect(modeCells[2]).toHaveTextContent('Heatingdiffers');
    // One chart per metric, each with a line per unit.
    expect(screen.getByRole('heading', { name: 'Supply air (°C)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mode' })).toBeInTheDocument();
  });

  it('makes another unit the reference', async () => {
    const user = userEvent.setup();
    updateCompareUnits({ assetIds: [4, 5] });
    renderCompare();
    await user.click(await screen.findByRole('button', { name: 'Use CRAH 02 as reference' }));
    expect(useCompareUnitsStore.getState().assetIds).toEqual([5, 4]);
    expect(screen.getByText('CRAH 02 (reference)')).toBeInTheDocument();
  });

  it('is reached from a unit’s device page, with that unit picked first', async () => {
    const user = userEvent.setup();
    updateCompareUnits({ assetIds: [7, 8] });
    const { router } = renderCompare('/user/devices/5/liveView');
    await user.click(await screen.findByRole('link', { name: 'Compare units' }));
    expect(await screen.findByText('Pick one more unit')).toBeInTheDocument();
    expect(screen.getByText(/compare with CRAH 02/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?assetIds=5');
    expect(useCompareUnitsStore.getState().assetIds).toEqual([5]);
  });
});
