import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { isLoggedInFlagSet } from '../../app/session/sessionStorageKeys.ts';

/** The not-found message; `url` is the path that was asked for. Inside the shell it sits in the shell's main. */
export function NotFoundMessage({ url, detail }: { url?: string | null; detail?: string }) {
  const home = isLoggedInFlagSet() ? '/user/dashboard' : '/';
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1}>Page not found</Title>
        {url ? (
          <Text>
            The page <Code>{url}</Code> does not exist or you do not have access to it.
          </Text>
        ) : (
          <Text>{detail ?? 'The page does not exist or you do not have access to it.'}</Text>
        )}
        <Button component={Link} to={home}>
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}

/** Shown for unknown paths and failed permission checks; `url` holds the path that was asked for. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const [searchParams] = useSearchParams();
  const message = <NotFoundMessage url={searchParams.get('url')} />;
  // The shell already has a main landmark; a second one would be an accessibility fault.
  return inShell ? message : <main>{message}</main>;
}
