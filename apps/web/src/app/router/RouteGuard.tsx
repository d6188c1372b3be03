import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { isApiError } from '../../shared/api/index.ts';
import { ErrorScreen, errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { FullPageLoader } from '../../shared/ui/FullPageLoader.tsx';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { matchesPass, notFoundPath } from './routeHandle.ts';

/**
 * Spec: every route change waits until the user's permissions have loaded, then sends the user to notFound
 * if the route's permission checks fail. Checks of parent routes apply to their children.
 */
export function RouteGuard({ children }: { children?: ReactNode }) {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const currentUser = useCurrentUser();

  if (currentUser.isPending) return <FullPageLoader message="Loading permissions" />;
  if (currentUser.isError) {
    // A 401 has already started the logout; showing it would only flash.
    if (isApiError(currentUser.error) && currentUser.error.status === 401) return <FullPageLoader />;
    return (
      <ErrorScreen
        title="Unable to load your permissions"
        message={errorMessage(currentUser.error)}
        action={<Button onClick={() => void currentUser.refetch()}>Try again</Button>}
      />
    );
  }
  const handles = matches.map((match) => match.handle);
  if (!matchesPass(handles, currentUser.data.permissions)) {
    return <Navigate to={notFoundPath(`${pathname}${search}`)} replace />;
  }
  return children ?? <Outlet />;
}
