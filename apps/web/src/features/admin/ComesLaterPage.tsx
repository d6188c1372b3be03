import { Stack, Title } from '@mantine/core';
import { ComesLater } from '../../shared/ui/QueryState.tsx';

/** A routed tab or view whose area is built in a later issue (contracts, warranties, monitor groups...). */
export function ComesLaterPage({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <ComesLater />
    </Stack>
  );
}
