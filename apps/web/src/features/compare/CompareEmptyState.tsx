import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsLeftRight } from '@tabler/icons-react';

/** What the page says in place of the comparison while something is still to be picked. */
export function CompareEmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
          <IconArrowsLeftRight size={22} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" maw={520}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
