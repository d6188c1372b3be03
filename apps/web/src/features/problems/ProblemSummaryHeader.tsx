import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ProblemSummary } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { LEVEL_PAINTS } from './problemPaint.tsx';
import { useProblemSummary } from './problemsQueries.ts';

interface Tile {
  key: keyof ProblemSummary;
  label: string;
  accent?: string;
}

const TILES: readonly Tile[] = [
  { key: 'open', label: 'Open' },
  { key: 'critical', label: 'Critical', accent: LEVEL_PAINTS.CRITICAL.background },
  { key: 'warning', label: 'Warning', accent: LEVEL_PAINTS.WARNING.background },
  { key: 'info', label: 'Info', accent: LEVEL_PAINTS.INFO.background },
  { key: 'unacknowledged', label: 'Unacknowledged' },
  { key: 'muted', label: 'Muted' },
  { key: 'escalated', label: 'Escalated' },
];

/**
 * The problem summary of all devices (or of one asset): open problems by level and what is still to be done,
 * refreshed every 30 s. Spec: a failed refresh sets errorLoading and stops refreshing; the last counts stay, marked
 * as out of date, until 'Try again'.
 */
export function ProblemSummaryHeader({ assetId }: { assetId?: number }) {
  const { query, errorLoading, retry } = useProblemSummary(assetId);
  const summary = query.data;
  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 2, xs: 4, lg: 7 }}
        spacing="xs"
        aria-label="Problem summary"
        role="group"
        aria-busy={query.isPending}
      >
        {TILES.map((tile) => (
          <Paper
            key={tile.key}
            withBorder
            px="xs"
            py={6}
            style={tile.accent ? { borderLeft: `4px solid ${tile.accent}` } : undefined}
          >
            {/* Label and count on one line: seven tiles stay two short rows deep on a phone. */}
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {tile.label}
              </Text>
              {summary === undefined ? (
                <Skeleton height={22} width={24} />
              ) : (
                <Text fz={20} fw={700} lh={1.1} aria-label={`${tile.label}: ${String(summary[tile.key])}`}>
                  {String(summary[tile.key])}
                </Text>
              )}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {errorLoading && (
        <Alert color="red" role="alert" title="The problem summary stopped refreshing">
          <Group gap="sm" justify="space-between">
            <Text size="sm">
              {errorMessage(query.error)}
              {summary !== undefined ? ' The counts shown may be out of date.' : ''}
            </Text>
            <Button size="xs" variant="light" onClick={retry}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
