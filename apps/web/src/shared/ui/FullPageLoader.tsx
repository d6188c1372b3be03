import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred loader with an optional message that screen readers announce. */
export function FullPageLoader({ message }: { message?: string }) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite" aria-label={message ?? 'Loading'}>
        <Loader />
        {message !== undefined && <Text>{message}</Text>}
      </Stack>
    </Center>
  );
}
