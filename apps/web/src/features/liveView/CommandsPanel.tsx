import { Alert, Badge, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Metric, MetricCommand, MetricCommandState } from '@kelvin/contract';
import { formatMetricValueWithUnits } from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { isOpenCommand, useMetricCommands } from './commandsQueries.ts';

/** State colours of a command, the same wherever commands are listed. */
export const COMMAND_STATE_COLOURS: Readonly<Record<MetricCommandState, string>> = {
  PENDING: 'gray',
  DELIVERED: 'blue',
  APPLIED: 'green',
  FAILED: 'red',
  TIMED_OUT: 'orange',
};
export const COMMAND_STATE_LABELS: Readonly<Record<MetricCommandState, string>> = {
  PENDING: 'Pending',
  DELIVERED: 'Taken by agent',
  APPLIED: 'Applied',
  FAILED: 'Failed',
  TIMED_OUT: 'Timed out',
};

function CommandLine({
  command,
  metric,
  timeZone,
}: {
  command: MetricCommand;
  metric: Metric | undefined;
  timeZone: string;
}) {
  const value = formatMetricValueWithUnits(metric, command.value, metric?.units ?? null, userUnitsProfile());
  return (
    <Stack gap={2} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate style={{ minWidth: 0 }}>
          {metric?.name ?? command.alias}
        </Text>
        <Badge
          style={{ flexShrink: 0 }}
          color={COMMAND_STATE_COLOURS[command.state]}
          variant="light"
          leftSection={isOpenCommand(command) ? <Loader size={10} color="currentColor" /> : null}
          data-testid={`command-${command.commandId}-state`}
        >
          {COMMAND_STATE_LABELS[command.state]}
        </Badge>
      </Group>
      <Text size="xs">
        {command.action === 'set' ? 'Set to' : 'Override to'} <b>{value}</b>
        {command.durationMinutes !== null ? ` for ${command.durationMinutes} min` : ''}
      </Text>
      {command.failureReason ? (
        <Text size="xs" c="red">
          {command.failureReason}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {command.requestedBy.name} · {formatDateTime(Date.parse(command.requestedAt), timeZone)} · “
        {command.reason}”
      </Text>
    </Stack>
  );
}

/** The unit's recent set and override commands and how each went; followed closely while one is on its way. */
export function CommandsPanel({
  assetId,
  metrics,
  timeZone,
}: {
  assetId: number;
  metrics: ReadonlyMap<number, Metric>;
  timeZone: string;
}) {
  const commands = useMetricCommands(assetId);
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        Commands
      </Title>
      {commands.isPending ? (
        <Loader size="sm" />
      ) : commands.isError ? (
        <Alert color="red" title="Commands could not be loaded">
          {commands.error.message}
        </Alert>
      ) : commands.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No commands yet. Metrics that can be set or overridden have a change button beside their value.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto" scrollbars="y">
          {commands.data.map((command) => (
            <CommandLine
              key={command.commandId}
              command={command}
              metric={metrics.get(command.metricId)}
              timeZone={timeZone}
            />
          ))}
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
