import type { ReactNode } from 'react';
import { Alert, Center, Stack } from '@mantine/core';

/** A failure shown where the page would be: what went wrong, and what the user can do. */
export function ErrorScreen({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action?: ReactNode;
}) {
  return (
    <Center mih="60vh" p="md">
      <Stack maw={520} w="100%">
        <Alert color="red" title={title} role="alert">
          {message}
        </Alert>
        {action}
      </Stack>
    </Center>
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
