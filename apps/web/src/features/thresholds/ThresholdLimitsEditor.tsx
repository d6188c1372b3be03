import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  LIMIT_FIELDS,
  LIMIT_LABELS,
  limitProblems,
  type LimitField,
  type Metric,
  type ThresholdLimit,
} from '@kelvin/contract';
import { MetricPicker } from '../diagnose/MetricPicker.tsx';

export interface ThresholdLimitsEditorProps {
  groupName: string;
  limits: readonly ThresholdLimit[];
  metrics: readonly Metric[];
  canWrite: boolean;
  saving: boolean;
  onSave: (limits: ThresholdLimit[]) => void;
}

const emptyLimit = (metricAlias: string): ThresholdLimit => ({
  metricAlias,
  criticalLow: null,
  warningLow: null,
  warningHigh: null,
  criticalHigh: null,
});

/**
 * A threshold group's limits: metrics chosen with the metric picker, a row of four limits each, checked as they
 * are typed by the rule the server applies (the message under the field that breaks the order).
 */
export function ThresholdLimitsEditor(props: ThresholdLimitsEditorProps) {
  const { groupName, metrics, canWrite, saving } = props;
  const [draft, setDraft] = useState<ThresholdLimit[]>(() => [...props.limits]);
  const byAlias = useMemo(() => new Map(metrics.map((metric) => [metric.alias, metric])), [metrics]);
  const byId = useMemo(() => new Map(metrics.map((metric) => [metric.metricId, metric])), [metrics]);
  const problems = draft.map((limit) => new Map(limitProblems(limit).map((one) => [one.field, one.message])));
  const valid = problems.every((row) => row.size === 0);
  const changed = JSON.stringify(draft) !== JSON.stringify(props.limits);

  function choose(metricIds: number[]) {
    const aliases = metricIds.flatMap((id) => byId.get(id)?.alias ?? []);
    setDraft(aliases.map((alias) => draft.find((limit) => limit.metricAlias === alias) ?? emptyLimit(alias)));
  }
  function setLimit(index: number, field: LimitField, value: string | number) {
    const number = typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);
    setDraft(
      draft.map((limit, at) =>
        at === index ? { ...limit, [field]: Number.isFinite(number) ? number : null } : limit,
      ),
    );
  }

  return (
    <Stack gap="xs">
      {canWrite && (
        <MetricPicker
          label={`Metrics with limits in ${groupName}`}
          metrics={metrics}
          selected={draft.flatMap((limit) => byAlias.get(limit.metricAlias)?.metricId ?? [])}
          onChange={choose}
        />
      )}
      {draft.length === 0 ? (
        <Text c="dimmed" size="sm">
          No limits yet. {canWrite ? 'Pick the metrics this group limits.' : ''}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table aria-label={`Limits of ${groupName}`} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Metric</Table.Th>
                {LIMIT_FIELDS.map((field) => (
                  <Table.Th key={field}>{LIMIT_LABELS[field]}</Table.Th>
                ))}
                {/* Text, not a label: an empty header cell names nothing for a screen reader's table navigation. */}
                {canWrite && (
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.map((limit, index) => {
                const metric = byAlias.get(limit.metricAlias);
                const name = metric?.name ?? limit.metricAlias;
                return (
                  <Table.Tr key={limit.metricAlias}>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                      <Text size="xs" c="dimmed">
                        {limit.metricAlias}
                        {metric?.units ? ` · ${metric.units}` : ''}
                      </Text>
                    </Table.Td>
                    {LIMIT_FIELDS.map((field) => (
                      <Table.Td key={field} w={130}>
                        <NumberInput
                          size="xs"
                          aria-label={`${LIMIT_LABELS[field]} of ${name}`}
                          value={limit[field] ?? ''}
                          onChange={(value) => setLimit(index, field, value)}
                          error={problems[index]?.get(field)}
                          disabled={!canWrite}
                          hideControls
                        />
                      </Table.Td>
                    ))}
                    {canWrite && (
                      <Table.Td w={40}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove the limits of ${name}`}
                          onClick={() => setDraft(draft.filter((_, at) => at !== index))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canWrite && (
        <Group gap="xs">
          <Button onClick={() => props.onSave(draft)} disabled={!changed || !valid} loading={saving}>
            Save limits
          </Button>
          {changed && (
            <Button variant="default" onClick={() => setDraft([...props.limits])}>
              Discard changes
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
