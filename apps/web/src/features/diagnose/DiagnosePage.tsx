import { useCallback, useMemo, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconZoomOut } from '@tabler/icons-react';
import { assetDisplayName, type Aggregation } from '@kelvin/domain';
import type { Metric } from '@kelvin/contract';
import type { TimeRange } from '../../shared/charts/TimeSeriesChart.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { useOptionalIdParam } from '../admin/useIdParam.ts';
import { useAsset } from '../assets/assetsQueries.ts';
import { useAssetMetricIds, useMetricCatalogue } from './diagnoseQueries.ts';
import { MetricPicker } from './MetricPicker.tsx';
import { MetricsChartGroup } from './MetricsChartGroup.tsx';
import { TimeRangePicker, resolveRange, type RangeChoice } from './TimeRangePicker.tsx';

const DEFAULT_CHOICE: RangeChoice = { kind: 'relative', label: 'Last 1 Hour' };

/** Spec: enum, step and semantic-version metrics use MAX; the rest AVERAGE. */
function defaultAggregation(metric: Metric): Aggregation {
  return ['enum', 'step', 'semantic_version'].includes(metric.displayType) || metric.valueType === 'enum'
    ? 'MAX'
    : 'AVERAGE';
}

function formatValue(metric: Metric | undefined, value: number | null): string {
  if (value === null) return '-------';
  const label = metric?.enumMap?.[String(value)];
  if (label !== undefined) return label;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * devicesMetrics (devices/{assetId}/metrics): the chosen unit's metrics over one time axis. Dragging across the
 * chart zooms; 'Zoom out' goes back one step at a time to the range picked first.
 */
export function DiagnosePage() {
  const assetId = useOptionalIdParam('assetId');
  const asset = useAsset(assetId);
  const catalogue = useMetricCatalogue();
  const reported = useAssetMetricIds(assetId === undefined ? [] : [assetId]);
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_CHOICE);
  const [base, setBase] = useState<TimeRange>(() => resolveRange(DEFAULT_CHOICE, Date.now()));
  const [zooms, setZooms] = useState<readonly TimeRange[]>([]);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const range = zooms.at(-1) ?? base;

  const metrics = useMemo(() => {
    const ids = new Set(reported.data?.find((entry) => entry.assetId === assetId)?.metricIds ?? []);
    return (catalogue.data ?? []).filter(
      (metric) => ids.has(metric.metricId) && metric.valueType !== 'string',
    );
  }, [catalogue.data, reported.data, assetId]);
  const chosen = useMemo(() => {
    const wanted = new Set(selected);
    return metrics.filter((metric) => wanted.has(metric.metricId));
  }, [metrics, selected]);

  const handleZoom = useCallback((next: TimeRange) => setZooms((stack) => [...stack, next]), []);
  function handleRange(next: RangeChoice) {
    setChoice(next);
    setBase(resolveRange(next, Date.now()));
    setZooms([]);
  }

  if (assetId === undefined) {
    return <Text c="dimmed">Choose a unit in the hierarchy to explore its metrics.</Text>;
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <QueryState query={catalogue} label="the metrics">
          {() => (
            <MetricPicker
              metrics={metrics}
              selected={selected}
              onChange={setSelected}
              loading={reported.isPending}
            />
          )}
        </QueryState>
        <TimeRangePicker value={choice} onChange={handleRange} />
        <Button
          variant="default"
          leftSection={<IconZoomOut size={16} />}
          disabled={zooms.length === 0}
          onClick={() => setZooms((stack) => stack.slice(0, -1))}
        >
          Zoom out
        </Button>
      </Group>
      <MetricsChartGroup
        title="Metrics"
        assets={asset.data ? [{ assetId, name: assetDisplayName(asset.data) }] : []}
        metrics={chosen}
        aggregationOf={defaultAggregation}
        range={range}
        timeZone={timeZone}
        syncKey="diagnose"
        formatValue={formatValue}
        onZoom={handleZoom}
      />
    </Stack>
  );
}
