import { Text } from '@mantine/core';

/** What a contract or warranty screen says when the route names one that does not exist or is not the caller's. */
export function CoverageMissing({ what, id }: { what: 'Contract' | 'Warranty'; id: number }) {
  return (
    <Text role="alert" c="dimmed">
      {what} {id} does not exist, or you may not see it.
    </Text>
  );
}
