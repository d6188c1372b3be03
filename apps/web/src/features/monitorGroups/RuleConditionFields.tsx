import { Checkbox, Group, Input, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { ruleAggregations, watchedStatusBits, type Metric, type RuleCondition } from '@kelvin/contract';
import { MetricAliasField } from './MetricAliasField.tsx';
import { QueryConditionFields } from './QueryConditionFields.tsx';
import type { EvaluatedKind, RuleDraft } from './ruleDraft.ts';
import { AGGREGATION_LABELS } from './ruleText.ts';

export interface ConditionFieldsProps {
  draft: RuleDraft;
  onChange: (condition: RuleCondition) => void;
  /** Problems by body path (`condition.metricAlias`). */
  problems: ReadonlyMap<string, string>;
  metrics: readonly Metric[];
  metricsLoading: boolean;
}

const aggregationData = ruleAggregations.map((value) => ({ value, label: AGGREGATION_LABELS[value] }));

const STATUS_LABELS: Readonly<Record<(typeof watchedStatusBits)[number], string>> = {
  ALARM: 'Alarm',
  FAULT: 'Fault',
  DOWN: 'Down',
  UNACKNOWLEDGED_ALARM: 'Unacknowledged alarm',
  STALE: 'Stale',
};

const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : null);

/** A labelled segmented control (Mantine's has no label of its own). */
function Choice<T extends string>(props: {
  label: string;
  value: T;
  data: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Input.Wrapper label={props.label}>
      <div>
        <SegmentedControl
          aria-label={props.label}
          value={props.value}
          data={props.data}
          onChange={(value) => {
            const found = props.data.find((item) => item.value === value);
            if (found) props.onChange(found.value);
          }}
        />
      </div>
    </Input.Wrapper>
  );
}

/** The fields of the chosen kind's condition. */
export function RuleConditionFields(props: ConditionFieldsProps) {
  const { draft, onChange, problems, metrics, metricsLoading } = props;
  const kind: EvaluatedKind = draft.kind;
  const metricField = (alias: string, set: (alias: string) => void) => (
    <MetricAliasField
      label="Metric"
      metrics={metrics}
      loading={metricsLoading}
      alias={alias}
      onChange={set}
      error={problems.get('condition.metricAlias')}
    />
  );

  switch (kind) {
    case 'THRESHOLD': {
      const condition = draft.conditions.THRESHOLD;
      const { limits } = condition;
      return (
        <Stack gap="sm">
          {metricField(condition.metricAlias, (metricAlias) => onChange({ ...condition, metricAlias }))}
          <Choice
            label="Aggregation over the window"
            value={condition.aggregation}
            data={aggregationData}
            onChange={(aggregation) => onChange({ ...condition, aggregation })}
          />
          <Choice
            label="Limits"
            value={limits.source}
            data={[
              { value: 'THRESHOLD_GROUP', label: 'The unit’s threshold group' },
              { value: 'FIXED', label: 'Fixed limits' },
            ]}
            onChange={(source) =>
              onChange({
                ...condition,
                limits: source === 'FIXED' ? { source, above: null, below: null } : { source },
              })
            }
          />
          {limits.source === 'THRESHOLD_GROUP' ? (
            <Text size="sm" c="dimmed">
              Past a critical limit of the unit’s threshold group is critical, past a warning limit a warning
              (never above the rule’s impact level). A unit whose group sets no limit for the metric does not
              breach.
            </Text>
          ) : (
            <Group grow align="flex-start">
              <NumberInput
                label="Breach above"
                value={limits.above ?? ''}
                onChange={(value) =>
                  onChange({ ...condition, limits: { ...limits, above: numberOrNull(value) } })
                }
                error={problems.get('condition.limits.above')}
              />
              <NumberInput
                label="Breach below"
                value={limits.below ?? ''}
                onChange={(value) =>
                  onChange({ ...condition, limits: { ...limits, below: numberOrNull(value) } })
                }
                error={problems.get('condition.limits.below')}
              />
            </Group>
          )}
        </Stack>
      );
    }
    case 'METRIC_STATUS': {
      const condition = draft.conditions.METRIC_STATUS;
      return (
        <Stack gap="sm">
          {metricField(condition.metricAlias, (metricAlias) => onChange({ ...condition, metricAlias }))}
          <Checkbox.Group
            label="Status bits that breach"
            value={condition.statuses}
            onChange={(values) =>
              onChange({ ...condition, statuses: watchedStatusBits.filter((bit) => values.includes(bit)) })
            }
            error={problems.get('condition.statuses')}
          >
            <Group gap="md" mt={6}>
              {watchedStatusBits.map((bit) => (
                <Checkbox key={bit} value={bit} label={STATUS_LABELS[bit]} />
              ))}
            </Group>
          </Checkbox.Group>
        </Stack>
      );
    }
    case 'CHANGE_DETECTION': {
      const condition = draft.conditions.CHANGE_DETECTION;
      return (
        <Stack gap="sm">
          {metricField(condition.metricAlias, (metricAlias) => onChange({ ...condition, metricAlias }))}
          <Choice
            label="Breach when"
            value={condition.mode}
            data={[
              { value: 'VALUE', label: 'The value changes' },
              { value: 'RATE', label: 'It changes too fast' },
            ]}
            onChange={(mode) => onChange({ ...condition, mode })}
          />
          {condition.mode === 'RATE' && (
            <NumberInput
              label="Largest change per minute"
              description="From the window’s first reading to its last; faster is a breach"
              value={condition.maxChangePerMinute ?? ''}
              onChange={(value) => onChange({ ...condition, maxChangePerMinute: numberOrNull(value) })}
              min={0}
              error={problems.get('condition.maxChangePerMinute')}
            />
          )}
        </Stack>
      );
    }
    case 'COMMUNICATION_LOST': {
      const condition = draft.conditions.COMMUNICATION_LOST;
      return (
        <Stack gap={6}>
          <Choice
            label="Silent"
            value={condition.subject}
            data={[
              { value: 'ASSET', label: 'The unit' },
              { value: 'AGENT', label: 'Its agent' },
            ]}
            onChange={(subject) => onChange({ ...condition, subject })}
          />
          <Text size="sm" c="dimmed">
            {condition.subject === 'ASSET'
              ? 'A unit of the group that sends no reading for the whole window breaches.'
              : 'An agent of the group that makes no call for the whole window breaches: attach the group to the data halls’ agents to watch them.'}
          </Text>
        </Stack>
      );
    }
    case 'QUERY':
      return (
        <QueryConditionFields
          condition={draft.conditions.QUERY}
          onChange={onChange}
          problems={problems}
          metrics={metrics}
          metricsLoading={metricsLoading}
        />
      );
  }
}
