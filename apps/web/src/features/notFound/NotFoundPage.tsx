import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { isLoggedInFlagSet } from '../../app/session/sessionStorageKeys.ts';

/** Shown for unknown paths and failed permission checks; `url` holds the path that was asked for. */
export function NotFoundPage() {
  const [searchParams] = useSearchParams();
  const url = searchParams.get('url');
  const home = isLoggedInFlagSet() ? '/user/dashboard' : '/';
  return (
    <Center component="main" mih="80vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1}>Page not found</Title>
        {url ? (
          <Text>
            The page <Code>{url}</Code> does not exist or you do not have access to it.
          </Text>
        ) : (
          <Text>The page does not exist or you do not have access to it.</Text>
        )}
        <Button component={Link} to={home}>
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}
