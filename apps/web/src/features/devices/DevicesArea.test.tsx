import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { RouteGuard } from '../../app/router/RouteGuard.tsx';
import { userRoutes } from '../../app/router/userRoutes.tsx';
import { currentUserQueryKey } from '../../app/session/useCurrentUser.ts';
import { buildFleet } from '../../test/assetFactories.ts';
import { assetsKey } from '../assets/assetsQueries.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi, type FakeRequest } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { PICKER_IN_DRAWER_QUERY } from './DevicesLayout.tsx';

// The sections load their chunks lazily, as in the app: on a machine shared with builds and other suites that
// takes longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

const routes: RouteObject[] = [{ path: '/user', element: <RouteGuard />, children: userRoutes }];
const fleet = buildFleet();

function assetOf(request: FakeRequest) {
  const id = Number(/\/assets\/(\d+)/.exec(request.path)?.[1]);
  return { body: fleet.find((asset) => asset.assetId === id) };
}

function renderDevices(initialPath: string, permissions = ['assets:read', 'metrics:read', 'assets:write']) {
  const api = fakeApi([
    { method: 'GET', path: /^\/assets(\?.*)?$/, reply: { body: fleet } },
    { method: 'GET', path: /^\/assets\/\d+\?includeCoverage=true$/, reply: assetOf },
    {
      method: 'GET',
      path: /^\/assets\/4\/properties$/,
      reply: {
        body: [
          { name: 'name', value: 'CRAH 01', displayOrder: 0 },
          { name: 'model', value: 'DSE', displayOrder: 1 },
        ],
      },
    },
    { method: 'PUT', path: /^\/assets\/4\/properties$/, reply: (request) => ({ body: request.body }) },
    { method: 'POST', path: /^\/contracts\.list$/, reply: { body: { content: [] } } },
  ]);
  const queryClient = createQueryClient();
  // Grants scoped to the user's company (2), which owns the fleet, as the server's roles scope them.
  const me = buildCurrentUser([], {
    permissions: Object.fromEntries(
      permissions.map((name) => [name, [{ attributes: { companyId: { type: 'VALUES', values: [2] } } }]]),
    ),
  });
  queryClient.setQueryData(currentUserQueryKey, me);
  return { ...renderWithRouter(routes, { initialPath, queryClient }), ...api };
}

afterEach(() => vi.unstubAllGlobals());

describe('devices area', () => {
  it('opens the asset chosen in the picker with the keyboard', async () => {
    const user = userEvent.setup();
    const { router } = renderDevices('/user/devices');
    await screen.findByRole('tree', { name: 'Asset hierarchy' });
    expect(screen.getByText('Choose an asset in the hierarchy to see its sections.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Find an asset' }), 'crah 02');
    const unit = await screen.findByRole('treeitem', { name: 'CRAH 02' });
    unit.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/5/liveView'));
    expect(await screen.findByRole('heading', { name: 'CRAH 02' })).toBeInTheDocument();
    // The live view's chunk loads with the route: the tab is marked once the route has it.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Live view' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('on a phone keeps the tree in a drawer behind Choose asset, and closes it on the chosen asset', async () => {
    // A phone's width: only the drawer's query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PICKER_IN_DRAWER_QUERY,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    const user = userEvent.setup();
    const { router } = renderDevices('/user/devices/4/liveView');
    expect(await screen.findByRole('heading', { name: 'CRAH 01' })).toBeInTheDocument();
    // The content comes first: no tree on the page until asked for.
    expect(screen.queryByRole('tree', { name: 'Asset hierarchy' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Choose asset' });
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Choose asset' });
    const unit = await within(drawer).findByRole('treeitem', { name: 'CRAH 02' });
    unit.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/5/liveView'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose asset' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('heading', { name: 'CRAH 02' })).toBeInTheDocument();
  });

  it('opens the Devices entry on a pick-a-unit state, never asking the server for asset 0', async () => {
    const { requests, router, queryClient } = renderDevices('/user/devices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/liveView'));
    await screen.findAllByRole('treeitem');
    expect(screen.getByText('Choose an asset in the hierarchy to see its sections.')).toBeInTheDocument();
    // The client refuses id 0 before sending, so the query itself must not exist (it showed 'Invalid request').
    expect(queryClient.getQueryCache().findAll({ queryKey: [...assetsKey, 'detail'] })).toEqual([]);
    expect(requests.filter((request) => /^\/assets\/\d+/.test(request.path))).toEqual([]);
    expect(screen.queryByText(/Invalid request/)).not.toBeInTheDocument();
  });

  it.each(['/user/devices/0/liveView', '/user/devices/abc'])(
    'says %s names no asset, beside the picker, without asking the server',
    async (path) => {
      const { requests, queryClient } = renderDevices(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText('No asset has this id. Choose one in the hierarchy.')).toBeInTheDocument();
      await screen.findAllByRole('treeitem');
      expect(queryClient.getQueryCache().findAll({ queryKey: [...assetsKey, 'detail'] })).toEqual([]);
      expect(requests.filter((request) => /^\/assets\/(0|abc)\b/.test(request.path))).toEqual([]);
      expect(screen.queryByRole('tab', { name: 'Live view' })).not.toBeInTheDocument();
    },
  );

  it('tells a user without users:read that the users tab is not theirs, without asking the server', async () => {
    const { requests } = renderDevices('/user/devices/4/assets/users');
    expect(
      await screen.findByText('You do not have permission to see who has access to this asset.'),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.includes('assetAccessGroups'))).toBe(false);
  });

  it('opens the contracts tab and asks for the contracts covering that asset', async () => {
    const { requests } = renderDevices('/user/devices/4/assets/contracts');
    expect(
      await screen.findByText(/No service contract covers this asset/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contracts' })).toHaveAttribute('aria-selected', 'true');
    const asked = requests.find((request) => request.path === '/contracts.list');
    expect(asked?.body).toMatchObject({ assetIds: [4] });
  });

  it('edits, reorders and saves the property list as a whole', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderDevices('/user/devices/4/assets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/devices/4/assets/properties'));

    await user.click(await screen.findByRole('button', { name: 'Add property' }));
    await user.click(screen.getByRole('button', { name: 'Save properties' }));
    expect(screen.getByText('Property name is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Property 3 name' }), 'refrigerant');
    await user.type(screen.getByRole('textbox', { name: 'Property 3 value' }), 'R-410A');
    await user.click(screen.getByRole('button', { name: 'Move property 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove property 3' }));
    await user.click(screen.getByRole('button', { name: 'Save properties' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual([
      { name: 'name', value: 'CRAH 01', displayOrder: 0 },
      { name: 'refrigerant', value: 'R-410A', displayOrder: 1 },
    ]);
  });
});
