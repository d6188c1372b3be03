import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLogin2 } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import {
  finishNetsuiteAuthorization,
  pendingReturnPath,
  startNetsuiteAuthorization,
} from './netsuiteSession.ts';

/** One exchange per state, whatever re-renders or effect replays happen (the server takes a state only once). */
const exchanges = new Map<string, Promise<{ returnTo: string }>>();

function exchangeOnce(code: string, state: string) {
  let exchange = exchanges.get(state);
  if (exchange === undefined) {
    exchange = finishNetsuiteAuthorization({ code, state });
    exchanges.set(state, exchange);
  }
  return exchange;
}

/** What NetSuite's return says before anything is asked: the sign-in was cancelled, or the address is not whole. */
function returnProblem(params: URLSearchParams): string | null {
  const error = params.get('error');
  if (error === 'access_denied') return 'The NetSuite sign-in was cancelled, so NetSuite was not connected.';
  if (error !== null) return `NetSuite did not complete the sign-in (${error}).`;
  if (!params.get('code') || !params.get('state'))
    return 'This address is missing the code or state NetSuite sends back. Start the sign-in again.';
  return null;
}

/**
 * The accounting authorization return (/netsuite?code&state): exchanges the code, then goes back to where the
 * sign-in started; a bad state or a refused code says what went wrong, with a way to sign in again.
 */
export function NetsuiteReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const [returnTo] = useState(() => pendingReturnPath(state) ?? '/user/orders');
  const [failure, setFailure] = useState<string | null>(() => returnProblem(params));
  const [restarting, setRestarting] = useState(false);

  useEffect(() => {
    if (failure !== null || code === null || state === null) return;
    let current = true;
    exchangeOnce(code, state).then(
      (done) => {
        if (current) void navigate(done.returnTo, { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure(errorMessage(error));
      },
    );
    return () => {
      current = false;
    };
  }, [code, state, failure, navigate]);

  const signInAgain = () => {
    setRestarting(true);
    startNetsuiteAuthorization(returnTo).catch((error: unknown) => {
      setRestarting(false);
      setFailure(errorMessage(error));
    });
  };

  return (
    <Stack maw={640}>
      <Title order={1}>NetSuite</Title>
      {failure === null ? (
        <Paper withBorder p="lg" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>Finishing the NetSuite sign-in…</Text>
          </Group>
        </Paper>
      ) : (
        <Alert
          color="red"
          title="NetSuite could not be connected"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failure}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconLogin2 size={14} aria-hidden />}
                onClick={signInAgain}
                loading={restarting}
              >
                Sign in to NetSuite again
              </Button>
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={returnTo}
                leftSection={<IconArrowLeft size={14} aria-hidden />}
              >
                Back
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
