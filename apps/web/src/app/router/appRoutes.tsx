import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../../shared/ui/FullPageLoader.tsx';
import { UserArea } from '../shell/UserArea.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { userRoutes } from './userRoutes.tsx';

/** Top-level routes (spec platform-core 2); every screen is lazily loaded, the user area's shell is not. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteErrorPage />,
    HydrateFallback: FullPageLoader,
    children: [
      {
        index: true,
        id: 'landing',
        lazy: async () => ({
          Component: (await import('../../features/landing/LandingPage.tsx')).LandingPage,
        }),
      },
      {
        path: 'login',
        id: 'login',
        lazy: async () => ({ Component: (await import('../../features/auth/LoginPage.tsx')).LoginPage }),
      },
      {
        path: 'loggedOut',
        id: 'loggedOut',
        lazy: async () => ({
          Component: (await import('../../features/auth/LoggedOutPage.tsx')).LoggedOutPage,
        }),
      },
      {
        path: 'unauthorized',
        id: 'unauthorized',
        lazy: async () => ({
          Component: (await import('../../features/auth/UnauthorizedPage.tsx')).UnauthorizedPage,
        }),
      },
      {
        path: 'link/:sharedViewId',
        id: 'sharedViewLink',
        lazy: async () => ({
          Component: (await import('../../features/sharedViews/SharedViewLinkPage.tsx')).SharedViewLinkPage,
        }),
      },
      {
        path: 'notFound',
        id: 'notFound',
        lazy: async () => ({ Component: (await import('./NotFoundRoute.tsx')).NotFoundRoute }),
      },
      {
        path: 'user',
        id: 'user',
        // In the first screen's scripts, not lazy: the user area's shell is what most loads open, and its scripts
        // then load beside the entry's instead of after it (a second round trip for every cold load).
        Component: UserArea,
        // A failing section shows its error inside the shell, keeping the navigation usable.
        children: [{ errorElement: <RouteErrorPage />, children: userRoutes }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
