import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers/AppProviders.tsx';
import { createQueryClient } from '../app/queryClient.ts';

/** Renders routes in a memory router inside the app's providers (no version poll, no transitions). */
export function renderWithRouter(
  routes: RouteObject[],
  {
    initialPath = '/',
    queryClient = createQueryClient(),
  }: { initialPath?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders queryClient={queryClient} env="test" withVersionCheck={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
