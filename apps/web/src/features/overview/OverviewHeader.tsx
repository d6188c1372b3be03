import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatSpecDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';

interface OverviewHeaderProps {
  /** Units shown, or null while the fleet is still loading. */
  unitCount: number | null;
  /** When the units' state last arrived (ms since epoch); 0 before the first answer. */
  updatedAt: number;
  refreshing: boolean;
  canRefresh: boolean;
  onRefresh: () => void;
}

/** The state's age in words: the time of the last answer in the user's zone, or why there is none yet. */
export function overviewFreshness(updatedAt: number, refreshing: boolean): string {
  if (refreshing) return 'Updating…';
  if (updatedAt <= 0) return 'Not updated yet';
  const formatted = formatSpecDateTime(updatedAt, userTimeZone());
  return formatted === 'Date Not Available' ? 'Not updated yet' : `Updated ${formatted.time}`;
}

/**
 * The overview's title row. The top-right control says what it does and how fresh the tiles are: a bare spinner
 * (the button's loading state, every 30 s) told a user neither, and read as nothing to a screen reader.
 */
export function OverviewHeader({
  unitCount,
  updatedAt,
  refreshing,
  canRefresh,
  onRefresh,
}: OverviewHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={0}>
        <Title order={1}>Overview</Title>
        <Text size="sm" c="dimmed">
          {unitCount === null ? 'Loading units…' : `${unitCount} units`}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite" aria-label="Units’ state">
          {refreshing && <Loader size={14} aria-hidden />}
          <Text size="sm" c="dimmed" title="The units’ state is asked again every 30 s">
            {overviewFreshness(updatedAt, refreshing)}
          </Text>
        </Group>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          // Disabled while a refresh runs, but never a bare spinner: the label stays.
          disabled={!canRefresh || refreshing}
          aria-label="Refresh the units’ state"
          onClick={onRefresh}
        >
          Refresh
        </Button>
      </Group>
    </Group>
  );
}
