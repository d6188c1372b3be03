import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from './ErrorScreen.tsx';

/**
 * Loading, failure and success of one query in place: a loader with an accessible name, the error with a
 * retry, or the children with the data.
 */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, e.g. 'companies'; names the loader and the error. */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center p="md" role="status" aria-label={`Loading ${label}`}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError)
    return <QueryError label={label} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** What a failed load says, with the server's reason and a way to try again. */
export function QueryError({
  label,
  error,
  onRetry,
}: {
  label: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={`Unable to load ${label}`} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** What an empty list says instead of an empty table. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="md">
      {children}
    </Text>
  );
}

/** Tabs whose areas are built later (tickets, maintenance, contracts...). */
export function ComesLater() {
  return <Text>This tab is not available yet.</Text>;
}
