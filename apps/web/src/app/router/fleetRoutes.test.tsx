import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '../../features/notFound/NotFoundPage.tsx';
import { buildFleet } from '../../test/assetFactories.ts';
import { buildCurrentUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { createQueryClient } from '../queryClient.ts';
import { currentUserQueryKey } from '../session/useCurrentUser.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { userRoutes } from './userRoutes.tsx';

/** A screen's chunk is transformed on first use: on a busy two-core machine that can take over a second. */
const LAZY_SCREEN = { timeout: 5000 };

const routes: RouteObject[] = [
  { path: '/user', element: <RouteGuard />, children: userRoutes },
  { path: '/notFound', element: <NotFoundPage /> },
];

function renderAs(permissionNames: string[], initialPath: string) {
  fakeApi([
    { method: 'GET', path: /^\/assets(\?.*)?$/, reply: { body: buildFleet() } },
    { method: 'POST', path: /^\/assets\.state\.list$/, reply: { body: [] } },
    { method: 'GET', path: /^\/metrics$/, reply: { body: [] } },
  ]);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(permissionNames));
  return renderWithRouter(routes, { initialPath, queryClient });
}

afterEach(() => vi.unstubAllGlobals());

describe('fleet routes', () => {
  it('opens the overview with assets:read and metrics:read', async () => {
    renderAs(['assets:read', 'metrics:read'], '/user/overview');
    // The first lazy section of the file loads its modules: more than the default second on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Overview' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('refuses the overview without metrics:read', async () => {
    const { router } = renderAs(['assets:read'], '/user/overview');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notFound');
  });

  it('opens the data hall view', async () => {
    renderAs(['assets:read', 'metrics:read'], '/user/datahall');
    expect(await screen.findByRole('heading', { name: 'Data hall' }, LAZY_SCREEN)).toBeInTheDocument();
  });

  it('has a device maintenance page with the asset picker', async () => {
    renderAs(['assets:read', 'metrics:read'], '/user/maintenance/4');
    expect(
      await screen.findByRole('heading', { name: 'Device maintenance' }, LAZY_SCREEN),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Asset picker' })).toBeInTheDocument();
  });

  it('keeps the device maintenance page to those who may see devices', async () => {
    renderAs(['assets:read'], '/user/maintenance/4');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeInTheDocument();
  });
});
