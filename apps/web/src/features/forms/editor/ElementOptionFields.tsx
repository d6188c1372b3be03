import { useId } from 'react';
import { Group, NumberInput, SegmentedControl, Select, Stack, TagsInput, Text } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import type { FormElementDefOptions } from '@kelvin/domain';
import type { DraftElement } from './formDraft.ts';

export interface ElementOptionFieldsProps {
  element: DraftElement;
  onOptions: (patch: Partial<FormElementDefOptions>) => void;
  metrics: readonly Metric[];
  metricsLoading: boolean;
}

/** A NumberInput's value as an option: '' (cleared) is no limit. */
const limitOf = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function LimitInput({
  label,
  value,
  onChange,
  decimals,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  decimals: boolean;
}) {
  return (
    <NumberInput
      label={label}
      placeholder="No limit"
      value={value ?? ''}
      allowDecimal={decimals}
      allowNegative={decimals}
      min={decimals ? undefined : 0}
      onChange={(next) => onChange(limitOf(next))}
      style={{ flex: 1, minWidth: 120 }}
    />
  );
}

/** A segmented choice with its label above it, like the inputs around it. */
function LabelledChoice<T extends string>({
  label,
  value,
  data,
  onChange,
}: {
  label: string;
  value: T;
  data: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} component="span" id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        data={data}
        onChange={(next) => {
          const chosen = data.find((entry) => entry.value === next);
          if (chosen) onChange(chosen.value);
        }}
        fullWidth
      />
    </Stack>
  );
}

/** 'Reading from the unit': binds a number, text or yes/no to one of the unit's metrics by alias. */
function MetricAliasSelect({ element, onOptions, metrics, metricsLoading }: ElementOptionFieldsProps) {
  const alias = element.options.metricAlias ?? null;
  const byAlias = new Map(metrics.map((metric) => [metric.alias, `${metric.name} (${metric.alias})`]));
  if (alias !== null && !byAlias.has(alias)) byAlias.set(alias, alias);
  return (
    <Select
      label="Reading from the unit"
      description="The technician sees this metric's live value next to the field and can capture it."
      placeholder={metricsLoading ? 'Loading metrics…' : 'None'}
      searchable
      clearable
      data={[...byAlias].map(([value, label]) => ({ value, label }))}
      value={alias}
      onChange={(value) => onOptions({ metricAlias: value })}
      nothingFoundMessage="No metric of that name"
    />
  );
}

/** The options of each type, as the spec lists them (section 3, Options by type). */
export function ElementOptionFields(props: ElementOptionFieldsProps) {
  const { element, onOptions } = props;
  const { options } = element;
  switch (element.type) {
    case 'text':
      return (
        <Stack gap="sm">
          <Group grow align="flex-start">
            <LimitInput
              label="Minimum length"
              value={options.minLength}
              decimals={false}
              onChange={(minLength) => onOptions({ minLength })}
            />
            <LimitInput
              label="Maximum length"
              value={options.maxLength}
              decimals={false}
              onChange={(maxLength) => onOptions({ maxLength })}
            />
          </Group>
          <MetricAliasSelect {...props} />
        </Stack>
      );
    case 'number':
      return (
        <Stack gap="sm">
          <LabelledChoice
            label="Format"
            value={options.format === 'integer' ? 'integer' : 'decimal'}
            data={[
              { value: 'decimal', label: 'Decimal' },
              { value: 'integer', label: 'Whole number' },
            ]}
            onChange={(format) => onOptions({ format })}
          />
          <Group grow align="flex-start">
            <LimitInput label="Minimum" value={options.min} decimals onChange={(min) => onOptions({ min })} />
            <LimitInput label="Maximum" value={options.max} decimals onChange={(max) => onOptions({ max })} />
          </Group>
          <MetricAliasSelect {...props} />
        </Stack>
      );
    case 'select':
    case 'multiSelect':
      return (
        <Stack gap="sm">
          <TagsInput
            label="Options"
            description="Type an option and press Enter; they show in this order."
            value={options.values ?? []}
            onChange={(values) => onOptions({ values })}
            clearable
          />
          <LabelledChoice
            label="Shown as"
            value={
              element.type === 'select'
                ? options.displayFormat === 'dropdown'
                  ? 'dropdown'
                  : 'radio'
                : options.displayFormat === 'dropdown'
                  ? 'dropdown'
                  : 'checkbox'
            }
            data={
              element.type === 'select'
                ? [
                    { value: 'radio', label: 'Radio buttons' },
                    { value: 'dropdown', label: 'Dropdown' },
                  ]
                : [
                    { value: 'checkbox', label: 'Checkboxes' },
                    { value: 'dropdown', label: 'Dropdown' },
                  ]
            }
            onChange={(displayFormat) => onOptions({ displayFormat })}
          />
          {element.type === 'multiSelect' && (
            <Group grow align="flex-start">
              <LimitInput
                label="Minimum selections"
                value={options.minSelections}
                decimals={false}
                onChange={(minSelections) => onOptions({ minSelections })}
              />
              <LimitInput
                label="Maximum selections"
                value={options.maxSelections}
                decimals={false}
                onChange={(maxSelections) => onOptions({ maxSelections })}
              />
            </Group>
          )}
        </Stack>
      );
    case 'boolean':
      return <MetricAliasSelect {...props} />;
    case 'date':
    case 'dateTime':
    case 'duration':
    case 'multiText':
    case 'group':
      return null;
  }
}
