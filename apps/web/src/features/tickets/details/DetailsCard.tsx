import { useId, type ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/** One section of the ticket details: a bordered card named by its heading, with an optional action beside it. */
export function DetailsCard({
  title,
  action,
  tour,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** The product tour's target name, when a step points at this card. */
  tour?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-tour={tour}>
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
