import { Box, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatAgo } from '../../shared/formatting/elapsed.ts';
import type { ListedProblem } from './ProblemAlertView.tsx';
import { ProblemLevelBadge, ProblemStatus } from './problemPaint.tsx';

/**
 * One problem as a phone reads it, in place of the grid's row: select, level, name, unit, status and how long ago,
 * with its details a press away. Wide enough for 390 px without scrolling sideways.
 */
export function ProblemCard({
  problem,
  selected,
  onSelect,
  onOpen,
  showAsset,
  now,
}: {
  problem: ListedProblem;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
  showAsset: boolean;
  now: number;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Checkbox
        mt={2}
        aria-label={`Select ${problem.name} on ${problem.assetName}`}
        checked={selected}
        onChange={(event) => onSelect(event.currentTarget.checked)}
      />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={2}>
          {problem.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {/* The level keeps its whole word; the unit and age give way. */}
          <Box style={{ flexShrink: 0 }}>
            <ProblemLevelBadge level={problem.level} />
          </Box>
          <Text size="xs" c="dimmed" truncate="end">
            {[showAsset ? problem.assetName : null, formatAgo(Date.parse(problem.lastEventAt), now)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Group>
        <ProblemStatus problem={problem} />
      </Stack>
      <Button
        size="compact-sm"
        variant="default"
        onClick={onOpen}
        aria-label={`Details of ${problem.name} on ${problem.assetName}`}
      >
        Details
      </Button>
    </Group>
  );
}
