import { Stack, Text, Title } from '@mantine/core';

/** Placeholder while the screen is built (issue 13). */
export function TicketProblemsTab() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Ticket problems
      </Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
