import { useCallback, useMemo, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconZoomOut } from '@tabler/icons-react';
import {
  assetDisplayName,
  canZoomBack,
  currentZoom,
  defaultAggregation,
  DEFAULT_RANGE_LABEL,
  startZoomHistory,
  zoomBack,
  zoomTo,
  type TimeRange,
} from '@kelvin/domain';
import { QueryState } from '../admin/QueryState.tsx';
import { useOptionalIdParam } from '../admin/useIdParam.ts';
import { useAsset } from '../assets/assetsQueries.ts';
import { useAssetMetricIds, useMetricCatalogue } from './diagnoseQueries.ts';
import { MetricPicker } from './MetricPicker.tsx';
import { MetricsChartGroup } from './MetricsChartGroup.tsx';
import { TimeRangePicker, resolveRange, type RangeChoice } from './TimeRangePicker.tsx';
import { TimeZonePicker } from './TimeZonePicker.tsx';

const DEFAULT_CHOICE: RangeChoice = { kind: 'relative', label: DEFAULT_RANGE_LABEL };
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
  const [zooms, setZooms] = useState(() => startZoomHistory(resolveRange(DEFAULT_CHOICE, Date.now())));
  const [timeZone, setTimeZone] = useState(ownTimeZone);
  const range = currentZoom(zooms);

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

  const handleZoom = useCallback((next: TimeRange) => setZooms((history) => zoomTo(history, next)), []);
  function handleRange(next: RangeChoice) {
    setChoice(next);
    setZooms(startZoomHistory(resolveRange(next, Date.now())));
  }

  if (assetId === undefined) {
    return (
      <Stack gap="xs">
        <Title order={2}>Device metrics</Title>
        <Text c="dimmed">Choose a unit in the hierarchy to explore its metrics.</Text>
      </Stack>
    );
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
        <TimeZonePicker value={timeZone} onChange={setTimeZone} />
        <Button
          variant="default"
          leftSection={<IconZoomOut size={16} />}
          disabled={!canZoomBack(zooms)}
          onClick={() => setZooms(zoomBack)}
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
        onZoom={handleZoom}
      />
    </Stack>
  );
}
