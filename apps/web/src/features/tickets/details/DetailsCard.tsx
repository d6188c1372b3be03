import { useId, type ReactNode } from 'react';
import { Button, Group, Paper, Title } from '@mantine/core';

/**
 * One section of the ticket details: a bordered card named by its heading, with an optional action beside it
 * (`button` for the usual small one, e.g. Add asset).
 */
export function DetailsCard({
  title,
  action,
  button,
  tour,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** A small button beside the heading; false or left out: none, e.g. for who may not change the ticket. */
  button?: { label: string; icon: ReactNode; onClick: () => void } | false;
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
        {button && (
          <Button size="compact-sm" variant="light" leftSection={button.icon} onClick={button.onClick}>
            {button.label}
          </Button>
        )}
      </Group>
      {children}
    </Paper>
  );
}
