import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { session } from '../../app/session/session.ts';
import { ErrorScreen, errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { FullPageLoader } from '../../shared/ui/FullPageLoader.tsx';

/**
 * Spec: shows a loader, handles the sign-in redirect result, goes to the user route if authenticated,
 * otherwise starts sign-in; an error in the redirect result goes to unauthorized.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    session.login().then(
      (outcome) => {
        if (!active) return;
        if (outcome === 'authenticated') void navigate('/user', { replace: true });
        else if (outcome === 'unauthorized') void navigate('/unauthorized', { replace: true });
      },
      (caught: unknown) => {
        if (active) setError(errorMessage(caught));
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  if (error !== null) {
    return (
      <ErrorScreen
        title="Unable to sign in"
        message={error}
        action={<Button onClick={() => window.location.reload()}>Try again</Button>}
      />
    );
  }
  return <FullPageLoader message="Signing in" />;
}
