import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '../../features/notFound/NotFoundPage.tsx';
import { buildCurrentUser } from '../../test/factories.ts';
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
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, buildCurrentUser(permissionNames));
  return renderWithRouter(routes, { initialPath, queryClient });
}

describe('RouteGuard', () => {
  it('sends a user without the permission to notFound with the original path', async () => {
    const { router } = renderAs(['netsuite:read'], '/user/orders?tab=closed');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notFound');
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('/user/orders?tab=closed');
    expect(screen.getByText('/user/orders?tab=closed')).toBeInTheDocument();
  });

  it('shows the section to a user holding the permission', async () => {
    renderAs(['netsuite:read'], '/user/inventory');
    expect(
      await screen.findByRole('heading', { name: 'Global Consumables' }, LAZY_SCREEN),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('requires every check of a route (devices need assets:read and metrics:read)', async () => {
    renderAs(['assets:read'], '/user/devices/12/liveView');
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('applies the checks of parent routes and of the child (device logs)', async () => {
    const { router } = renderAs(['assets:read', 'metrics:read'], '/user/devices/12/logs');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('/user/devices/12/logs');
  });

  it('redirects a device to its live view', async () => {
    const { router } = renderAs(['assets:read', 'metrics:read'], '/user/devices/12');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/user/devices/12/liveView'),
      LAZY_SCREEN,
    );
    expect(await screen.findByRole('tab', { name: 'Live view' })).toBeInTheDocument();
  });

  it('redirects diagnose to the device metrics page', async () => {
    const { router } = renderAs(['assets:read', 'metrics:read'], '/user/diagnose');
    // The diagnose section is a large lazy chunk: its first load may take longer than findBy's default second.
    expect(
      await screen.findByRole('heading', { name: 'Device metrics' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/devices/metrics');
  });

  it('checks ticket problems for kyotoEventDetails:read and detectedProblems:read', async () => {
    renderAs(['tickets:read', 'kyotoEventDetails:read'], '/user/tickets/5/problems');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeInTheDocument();
  });

  it('opens the ticket details without extra permissions', async () => {
    const { router } = renderAs(['tickets:read'], '/user/tickets/5');
    // The ticket's frame (a lazy chunk) shows its Details tab while the ticket itself loads.
    expect(await screen.findByRole('tab', { name: 'Details' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/tickets/5/details'));
  });

  it('redirects settings to general and the empty path to the dashboard', async () => {
    const { router } = renderAs([], '/user/settings');
    expect(await screen.findByRole('heading', { name: 'General settings' }, LAZY_SCREEN)).toBeInTheDocument();
    await router.navigate('/user');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Operator' }, LAZY_SCREEN),
    ).toBeInTheDocument();
  });

  it('sends unknown user paths to notFound', async () => {
    const { router } = renderAs([], '/user/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notFound'));
  });

  it('guards the administration area', async () => {
    renderAs(['companies:read'], '/user/admin/companies/3/users');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_SCREEN)).toBeInTheDocument();
  });

  it('waits for permissions before deciding', async () => {
    // users/me never answers here: the guard must neither show the page nor redirect.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    try {
      const { router } = renderWithRouter(routes, { initialPath: '/user/orders' });
      expect(await screen.findByRole('status', { name: 'Loading permissions' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/user/orders');
      expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
