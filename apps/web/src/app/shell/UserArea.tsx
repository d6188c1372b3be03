import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { ErrorScreen, errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { FullPageLoader } from '../../shared/ui/FullPageLoader.tsx';
import { RouteGuard } from '../router/RouteGuard.tsx';
import { session } from '../session/session.ts';
import { useSessionStore } from '../session/sessionStore.ts';
import { UserShell } from './UserShell.tsx';

type RestoreState = { status: 'restoring' } | { status: 'signIn' } | { status: 'failed'; message: string };

/**
 * The /user layout: restores the session (or sends to login), keeps it renewed, then the shell and the guard.
 * `children` replace the route's outlet (the not-found page shown inside the shell).
 */
export function UserArea({ children }: { children?: ReactNode }) {
  const signedIn = useSessionStore((state) => state.oidcUser !== null);
  const [restore, setRestore] = useState<RestoreState>({ status: 'restoring' });

  useEffect(() => {
    if (signedIn) return;
    let active = true;
    session.restore().then(
      (restored) => {
        if (active && !restored) setRestore({ status: 'signIn' });
      },
      (error: unknown) => {
        if (active) setRestore({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [signedIn]);

  useEffect(() => (signedIn ? session.startChecks() : undefined), [signedIn]);

  if (!signedIn) {
    if (restore.status === 'signIn') return <Navigate to="/login" replace />;
    if (restore.status === 'failed') {
      return (
        <ErrorScreen
          title="Unable to sign in"
          message={restore.message}
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
        />
      );
    }
    return <FullPageLoader message="Signing in" />;
  }
  return (
    <UserShell onSignOut={() => void session.logout()}>
      <RouteGuard>{children ?? <Outlet />}</RouteGuard>
    </UserShell>
  );
}
