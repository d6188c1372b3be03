import { Badge, Group, Tooltip } from '@mantine/core';
import { IconBellOff, IconCheck, IconTool, IconTrendingUp } from '@tabler/icons-react';
import type { DetectedProblem, ProblemLevel } from '@kelvin/contract';
import { ALERT_LEVEL_COLOURS, ASSET_HEALTH_COLOURS, ASSET_HEALTH_TEXT_COLOURS } from '@kelvin/domain';

interface LevelPaint {
  label: string;
  background: string;
  color: string;
}

/**
 * Problem levels in the console's one set of health colours (a critical problem is the red of a critical unit, a
 * warning the orange of a warning one); info, which no health state has, in the alert timeline's info blue.
 */
export const LEVEL_PAINTS: Readonly<Record<ProblemLevel, LevelPaint>> = {
  CRITICAL: {
    label: 'Critical',
    background: ASSET_HEALTH_COLOURS.CRITICAL,
    color: ASSET_HEALTH_TEXT_COLOURS.CRITICAL,
  },
  WARNING: {
    label: 'Warning',
    background: ASSET_HEALTH_COLOURS.WARNING,
    color: ASSET_HEALTH_TEXT_COLOURS.WARNING,
  },
  INFO: { label: 'Info', background: ALERT_LEVEL_COLOURS.INFO, color: '#ffffff' },
};

export function ProblemLevelBadge({ level }: { level: ProblemLevel }) {
  const paint = LEVEL_PAINTS[level];
  return (
    <Badge radius="sm" style={{ background: paint.background, color: paint.color }}>
      {paint.label}
    </Badge>
  );
}

/** Open or closed, and what people (or automations) did about it; each mark named in words, not by colour. */
export function ProblemStatus({ problem }: { problem: DetectedProblem }) {
  const byAutomation = (automationId: number | null | undefined) =>
    automationId === null || automationId === undefined ? '' : ' by an automation';
  return (
    <Group gap={4} wrap="wrap">
      {/* A mid-dark grey reads as a filled shape on the light page and the dark one alike. */}
      <Badge variant={problem.closedAt === null ? 'filled' : 'outline'} color="gray.7" radius="sm">
        {problem.closedAt === null ? 'Open' : 'Closed'}
      </Badge>
      {problem.acknowledgement && (
        <Tooltip label={`Acknowledged${byAutomation(problem.acknowledgement.automationId)}`}>
          <Badge variant="light" color="teal" radius="sm" leftSection={<IconCheck size={12} />}>
            Acknowledged
          </Badge>
        </Tooltip>
      )}
      {problem.mute?.currentlyMuted && (
        <Tooltip label={`Muted${byAutomation(problem.mute.automationId)}`}>
          <Badge variant="light" color="gray" radius="sm" leftSection={<IconBellOff size={12} />}>
            Muted
          </Badge>
        </Tooltip>
      )}
      {problem.escalatedAt !== null && problem.closedAt === null && (
        <Badge variant="light" color="red" radius="sm" leftSection={<IconTrendingUp size={12} />}>
          Escalated
        </Badge>
      )}
      {problem.inMaintenance && (
        <Badge
          radius="sm"
          leftSection={<IconTool size={12} />}
          style={{
            background: ASSET_HEALTH_COLOURS.MAINTENANCE_MODE,
            color: ASSET_HEALTH_TEXT_COLOURS.MAINTENANCE_MODE,
          }}
        >
          In maintenance
        </Badge>
      )}
    </Group>
  );
}
