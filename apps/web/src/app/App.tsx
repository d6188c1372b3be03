import { RouterProvider, createHashRouter } from 'react-router';
import { AppProviders } from './providers/AppProviders.tsx';
import { queryClient } from './queryClient.ts';
import { appRoutes } from './router/appRoutes.tsx';

const router = createHashRouter(appRoutes);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
