import { ActionIcon, Button, Card, Group, Input, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ruleAggregations, type Metric, type QueryCondition } from '@kelvin/contract';
import { expressionError } from '@kelvin/domain';
import { MetricAliasField } from './MetricAliasField.tsx';
import { AGGREGATION_LABELS } from './ruleText.ts';

const MAX_TERMS = 6;
const aggregationData = ruleAggregations.map((value) => ({ value, label: AGGREGATION_LABELS[value] }));

/** The first of a..z not yet taken, for a new term. */
function freeName(taken: readonly string[]): string {
  for (let code = 97; code <= 122; code++) {
    const name = String.fromCharCode(code);
    if (!taken.includes(name)) return name;
  }
  return `term${taken.length + 1}`;
}

export interface QueryConditionFieldsProps {
  condition: QueryCondition;
  onChange: (condition: QueryCondition) => void;
  problems: ReadonlyMap<string, string>;
  metrics: readonly Metric[];
  metricsLoading: boolean;
}

/**
 * A QUERY rule: named terms (a metric's aggregate over the window each), an expression over them checked by the
 * domain's parser as it is typed (the server's own message, with where), and the comparison.
 */
export function QueryConditionFields(props: QueryConditionFieldsProps) {
  const { condition, onChange, problems, metrics, metricsLoading } = props;
  const { terms } = condition;
  const names = terms.map((term) => term.name);
  const parseError = condition.expression.trim() === '' ? null : expressionError(condition.expression, names);
  const setTerm = (index: number, change: Partial<QueryCondition['terms'][number]>) =>
    onChange({
      ...condition,
      terms: terms.map((term, at) => (at === index ? { ...term, ...change } : term)),
    });

  return (
    <Stack gap="sm">
      <Input.Label component="div">Terms</Input.Label>
      {terms.map((term, index) => (
        <Card key={index} withBorder padding="sm" aria-label={`Term ${index + 1}`} component="section">
          <Stack gap="xs">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label="Name"
                value={term.name}
                onChange={(event) => setTerm(index, { name: event.currentTarget.value.trim() })}
                error={problems.get(`condition.terms.${index}.name`)}
                w={140}
              />
              <Select
                label="Aggregation"
                data={aggregationData}
                value={term.aggregation}
                onChange={(value) => {
                  const aggregation = ruleAggregations.find((one) => one === value);
                  if (aggregation) setTerm(index, { aggregation });
                }}
                allowDeselect={false}
                style={{ flex: 1 }}
              />
              {terms.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  mt={26}
                  aria-label={`Remove term ${term.name || index + 1}`}
                  onClick={() => onChange({ ...condition, terms: terms.filter((_, at) => at !== index) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            <MetricAliasField
              label={`Metric of ${term.name || `term ${index + 1}`}`}
              metrics={metrics}
              loading={metricsLoading}
              alias={term.metricAlias}
              onChange={(metricAlias) => setTerm(index, { metricAlias })}
              error={problems.get(`condition.terms.${index}.metricAlias`)}
            />
          </Stack>
        </Card>
      ))}
      {terms.length < MAX_TERMS && (
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() =>
            onChange({
              ...condition,
              terms: [...terms, { name: freeName(names), metricAlias: '', aggregation: 'AVERAGE' }],
            })
          }
        >
          Add term
        </Button>
      )}
      <TextInput
        label="Expression"
        description="Term names, numbers, + - * / and parentheses, e.g. returnAir - supplyAir"
        value={condition.expression}
        onChange={(event) => onChange({ ...condition, expression: event.currentTarget.value })}
        error={parseError?.message ?? problems.get('condition.expression')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
      />
      <Group grow align="flex-start">
        <Select
          label="Breach when the result is"
          data={[
            { value: 'ABOVE', label: 'Above' },
            { value: 'BELOW', label: 'Below' },
          ]}
          value={condition.comparison}
          onChange={(value) => {
            if (value === 'ABOVE' || value === 'BELOW') onChange({ ...condition, comparison: value });
          }}
          allowDeselect={false}
        />
        <NumberInput
          label="Threshold"
          value={condition.threshold}
          onChange={(value) => onChange({ ...condition, threshold: typeof value === 'number' ? value : 0 })}
          error={problems.get('condition.threshold')}
        />
      </Group>
    </Stack>
  );
}
