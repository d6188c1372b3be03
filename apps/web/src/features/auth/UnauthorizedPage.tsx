import { Button, Center, Stack, Title } from '@mantine/core';
import { session } from '../../app/session/session.ts';
import { Logo } from '../../shared/ui/Logo.tsx';

function signOut(): void {
  void session.logout();
}

/** Spec: logo, 'You are not authorized to access this application.' and a 'Sign Out' button that logs out. */
export function UnauthorizedPage({ onSignOut = signOut }: { onSignOut?: () => void }) {
  return (
    <Center component="main" mih="80vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo size="xl" />
        <Title order={1}>You are not authorized to access this application.</Title>
        <Button onClick={onSignOut}>Sign Out</Button>
      </Stack>
    </Center>
  );
}
