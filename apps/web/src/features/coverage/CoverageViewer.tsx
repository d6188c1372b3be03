import { Fragment, type ReactNode } from 'react';
import { Alert, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../../shared/ui/QueryState.tsx';

/**
 * The frame of both viewers: a title, a clear message for a route parameter that is not a JSON list of ids, a
 * loader that keeps the page's place, one card per id in the route's order, and a note for ids not found.
 */
export function CoverageViewer<T>({
  title,
  kind,
  ids,
  example,
  query,
  idOf,
  card,
}: {
  title: string;
  kind: 'contract' | 'warranty';
  ids: number[] | null;
  example: string;
  query: UseQueryResult<T[]>;
  idOf: (item: T) => number;
  card: (item: T) => ReactNode;
}) {
  const body = () => {
    if (ids === null)
      return (
        <Alert
          color="red"
          title={`This address does not name any ${kind === 'contract' ? 'contracts' : 'warranties'}`}
          role="alert"
        >
          The address must end with a JSON list of {kind} ids, for example {example}.
        </Alert>
      );
    if (query.isPending)
      return (
        <Center p="xl" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <Loader size="sm" />
        </Center>
      );
    if (query.isError)
      return (
        <QueryError label={title.toLowerCase()} error={query.error} onRetry={() => void query.refetch()} />
      );
    const byId = new Map(query.data.map((item) => [idOf(item), item]));
    return (
      <Group align="flex-start" gap="md">
        {ids.map((id) => {
          const item = byId.get(id);
          return item === undefined ? (
            <Alert
              key={id}
              color="gray"
              w="30rem"
              maw="100%"
              title={`${kind === 'contract' ? 'Contract' : 'Warranty'}: ${id}`}
            >
              This {kind} does not exist, or you may not see it.
            </Alert>
          ) : (
            <Fragment key={id}>{card(item)}</Fragment>
          );
        })}
      </Group>
    );
  };
  return (
    <Stack p="md">
      <Title order={1}>{title}</Title>
      {body()}
    </Stack>
  );
}
