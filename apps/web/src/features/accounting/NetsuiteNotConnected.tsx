import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX, IconLogin2 } from '@tabler/icons-react';
import { isApiError } from '../../shared/api/index.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { startNetsuiteAuthorization } from './netsuiteSession.ts';

/** The server's 409 for a call made before anyone connected NetSuite. */
export function isNetsuiteNotConnected(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * Says NetSuite is not connected and what to do: a user who may manage NetSuite signs in from here (and comes
 * back to `returnTo`); anyone else is told who can.
 */
export function NetsuiteNotConnected({ error, returnTo }: { error: unknown; returnTo: string }) {
  const canManage = usePermissionScope().forAll('netsuite:manage');
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = () => {
    setStarting(true);
    startNetsuiteAuthorization(returnTo).catch((cause: unknown) => {
      setStarting(false);
      setFailure(errorMessage(cause));
    });
  };
  return (
    <Alert
      color="yellow"
      title="NetSuite is not connected"
      icon={<IconPlugConnectedX size={18} aria-hidden />}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {canManage ? (
          <Button
            size="xs"
            leftSection={<IconLogin2 size={14} aria-hidden />}
            onClick={signIn}
            loading={starting}
          >
            Sign in to NetSuite
          </Button>
        ) : (
          <Text size="sm">
            Ask a provider administrator to sign in to NetSuite; the items then show here.
          </Text>
        )}
        {failure && (
          <Text size="sm" c="red">
            {failure}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
