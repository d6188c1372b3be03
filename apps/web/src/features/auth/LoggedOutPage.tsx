import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../shared/ui/Logo.tsx';

/** Where logout ends (spec texts). */
export function LoggedOutPage() {
  return (
    <Center component="main" mih="80vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo size="xl" />
        <Title order={1}>Your session is no longer active.</Title>
        <Text>You will need to login to continue using the product.</Text>
        <Button component={Link} to="/login">
          Login
        </Button>
      </Stack>
    </Center>
  );
}
