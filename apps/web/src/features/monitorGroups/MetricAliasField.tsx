import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import { MetricPicker } from '../diagnose/MetricPicker.tsx';
import { chooseOneMetric } from '../overview/OverviewOptions.tsx';

export interface MetricAliasFieldProps {
  label: string;
  metrics: readonly Metric[];
  loading: boolean;
  alias: string;
  onChange: (alias: string) => void;
  error?: string | undefined;
}

/**
 * One metric, chosen with the console's metric picker and kept by alias (rules name metrics by alias, so that one
 * rule serves every unit). An alias the catalogue does not hold is shown rather than dropped.
 */
export function MetricAliasField({ label, metrics, loading, alias, onChange, error }: MetricAliasFieldProps) {
  const byAlias = useMemo(() => new Map(metrics.map((metric) => [metric.alias, metric])), [metrics]);
  const byId = useMemo(() => new Map(metrics.map((metric) => [metric.metricId, metric])), [metrics]);
  const chosen = byAlias.get(alias);
  return (
    <Stack gap={4}>
      <MetricPicker
        label={label}
        metrics={metrics}
        loading={loading}
        selected={chosen ? [chosen.metricId] : []}
        onChange={(ids) => {
          const id = chooseOneMetric(chosen?.metricId ?? null, ids);
          onChange(id === null ? '' : (byId.get(id)?.alias ?? ''));
        }}
      />
      {chosen ? (
        <Text size="xs" c="dimmed">
          {chosen.alias}
          {chosen.units ? ` · ${chosen.units}` : ''}
        </Text>
      ) : alias !== '' && !loading ? (
        <Text size="xs" c="dimmed">
          {alias} is not in the metric catalogue yet; the rule watches it once units report it.
        </Text>
      ) : null}
      {error !== undefined && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
