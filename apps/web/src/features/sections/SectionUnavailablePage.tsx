import { Stack, Text, Title } from '@mantine/core';

/** Stands in for a section whose screens are not built yet, so that routes, guards and navigation work. */
export function SectionUnavailablePage({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Text>This section is not available yet.</Text>
    </Stack>
  );
}
