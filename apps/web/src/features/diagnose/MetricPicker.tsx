import { MultiSelect } from '@mantine/core';
import type { Metric } from '@kelvin/contract';

export interface MetricPickerProps {
  metrics: readonly Metric[];
  selected: readonly number[];
  onChange: (metricIds: number[]) => void;
  loading?: boolean;
}

/** The one metric picker: searchable, grouped by the first part of each alias. */
export function MetricPicker({ metrics, selected, onChange, loading = false }: MetricPickerProps) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const metric of metrics) {
    const group = metric.alias.split('.')[0] ?? 'other';
    const items = groups.get(group) ?? [];
    items.push({ value: String(metric.metricId), label: `${metric.name} (${metric.alias})` });
    groups.set(group, items);
  }
  return (
    <MultiSelect
      label="Metrics"
      placeholder={
        loading
          ? 'Loading metrics…'
          : metrics.length === 0
            ? 'This unit reports no metrics yet'
            : 'Search metrics'
      }
      data={[...groups].map(([group, items]) => ({ group, items }))}
      value={selected.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      searchable
      clearable
      disabled={metrics.length === 0}
      maxDropdownHeight={320}
      style={{ flex: '1 1 320px' }}
    />
  );
}
