import type { ReactNode } from 'react';
import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ProblemRuleDefinition } from '@kelvin/contract';
import { ALERT_LEVEL_COLOURS, ALERT_LEVEL_LABELS } from '@kelvin/domain';
import { isLibrary } from './monitorGroupLinks.tsx';
import { conditionSummary, RULE_KIND_LABELS, windowSummary } from './ruleText.ts';

/**
 * One rule as a card: name and badges (kind, impact level, library), when it breaches in a sentence, its window
 * and recovery, tags, and the caller's actions. Cards rather than a table, so that a phone reads them whole.
 */
export function RuleCard({ rule, actions }: { rule: ProblemRuleDefinition; actions?: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={rule.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600}>{rule.name}</Text>
            <Badge variant="light" color="gray">
              {RULE_KIND_LABELS[rule.kind]}
            </Badge>
            {/* The level's colour as the tint, the words in the body's: as text on its own tint the level
                colour reads below 4.5:1 (warning 2.3:1). */}
            <Badge
              variant="light"
              color={ALERT_LEVEL_COLOURS[rule.impactLevel]}
              c="var(--mantine-color-text)"
            >
              {ALERT_LEVEL_LABELS[rule.impactLevel]}
            </Badge>
            {isLibrary(rule) && (
              <Badge variant="light" color="violet">
                Library
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {conditionSummary(rule.condition)}
          </Text>
          <Text size="xs" c="dimmed">
            {windowSummary(rule)}
          </Text>
          {rule.description !== null && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {rule.description}
            </Text>
          )}
          {rule.tags.length > 0 && (
            <Group gap={4}>
              {rule.tags.map((tag) => (
                // Outlined grey writes in gray.6 (3.3:1 on white); the dimmed colour is the theme's AA grey.
                <Badge key={tag} size="xs" variant="outline" color="gray" c="dimmed">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}

/** Placeholder cards of a rule's height while rules load. */
export function RuleCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder padding="sm">
          <Stack gap={8}>
            <Skeleton height={16} width="40%" />
            <Skeleton height={12} width="75%" />
            <Skeleton height={10} width="30%" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
