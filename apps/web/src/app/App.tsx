import { useEffect, useState } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
import { trackPageViews } from '../shared/analytics/pageViews.ts';
import { AppProviders } from './providers/AppProviders.tsx';
import { queryClient } from './queryClient.ts';
import { appRoutes } from './router/appRoutes.tsx';

export function App() {
  // Created on first render, not at import: main.tsx first moves an identity-provider return
  // (/auth/callback) onto its hash route, and the router reads the address when it is created.
  const [router] = useState(() => createHashRouter(appRoutes));
  useEffect(() => trackPageViews(router), [router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
