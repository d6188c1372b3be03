import { useCallback, useMemo, useState } from 'react';
import { Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { livePath, type Metric } from '@kelvin/contract';
import type { TimeRange } from '@kelvin/domain';
import { notify } from '../../app/toasts/toasts.ts';
import { useAutoRefresh } from '../diagnose/AutoRefreshPicker.tsx';
import { MetricPicker } from '../diagnose/MetricPicker.tsx';
import { resolveRange, TimeRangePicker, type RangeChoice } from '../diagnose/TimeRangePicker.tsx';
import { useBatchedLiveValues } from '../live/useBatchedLiveValues.ts';
import { CompareEmptyState } from './CompareEmptyState.tsx';
import { CompareMetricChart } from './CompareMetricChart.tsx';
import { CompareValuesTable } from './CompareValuesTable.tsx';
import { MAX_COMPARE_METRICS, updateCompareUnits } from './compareUnitsStore.ts';
import type { ComparedUnit } from './useComparedUnits.ts';

export interface ComparisonProps {
  units: readonly ComparedUnit[];
  /** What the units report: what can be picked. */
  metrics: readonly Metric[];
  reported: ReadonlyMap<number, ReadonlySet<number>>;
  loadingMetrics: boolean;
  metricIds: readonly number[];
  range: RangeChoice;
  timeZone: string;
}

/** Values reach the table at most this often: live enough to read, calm enough to compare. */
const FLUSH_MS = 500;
/** A relative range moves on to now this often, the charts keeping their lines while the new data comes. */
const FOLLOW_NOW_MS = 60_000;
const SYNC_KEY = 'deviceCompare';

/** The metric picker, then the chosen metrics' last values side by side and their history, one chart each. */
export function Comparison(props: ComparisonProps) {
  const { units, metrics, reported, loadingMetrics, metricIds, range: choice, timeZone } = props;
  const byId = useMemo(() => new Map(metrics.map((metric) => [metric.metricId, metric])), [metrics]);
  // In the order picked; a metric none of the units reports (from an old link) is left out.
  const chosen = useMemo(() => metricIds.flatMap((metricId) => byId.get(metricId) ?? []), [metricIds, byId]);
  const charted = chosen.filter((metric) => metric.valueType !== 'string');

  const paths = useMemo(
    () => units.flatMap((unit) => chosen.map((metric) => livePath(unit.assetId, metric.metricId))),
    [units, chosen],
  );
  const values = useBatchedLiveValues(paths, FLUSH_MS);

  const [now, setNow] = useState(() => Date.now());
  const followNow = useCallback(() => setNow(Date.now()), []);
  useAutoRefresh(FOLLOW_NOW_MS, choice.kind === 'relative', followNow);
  const range = useMemo(() => resolveRange(choice, now), [choice, now]);

  function handleMetrics(next: number[]) {
    if (next.length > MAX_COMPARE_METRICS) {
      notify({ kind: 'danger', message: `At most ${MAX_COMPARE_METRICS} metrics are compared at once.` });
      return;
    }
    updateCompareUnits({ metricIds: next });
  }
  function handleRange(next: RangeChoice) {
    setNow(Date.now());
    updateCompareUnits({ range: next });
  }
  const handleZoom = useCallback(
    (zoomed: TimeRange) => updateCompareUnits({ range: { kind: 'absolute', ...zoomed } }),
    [],
  );

  return (
    <Stack gap="md">
      <MetricPicker
        label="Metrics to compare"
        metrics={metrics}
        selected={metricIds}
        onChange={handleMetrics}
        loading={loadingMetrics}
      />
      {loadingMetrics && metricIds.length > 0 ? (
        <Stack gap={6} role="status" aria-label="Loading the metrics">
          {metricIds.map((metricId) => (
            <Skeleton key={metricId} h={44} />
          ))}
        </Stack>
      ) : chosen.length === 0 ? (
        <CompareEmptyState title="Choose the metrics to compare">
          {metrics.length === 0 && !loadingMetrics
            ? 'None of these units reports any metric yet.'
            : `Pick up to ${MAX_COMPARE_METRICS} metrics above, or a group of them, to see the units’ values side by side.`}
        </CompareEmptyState>
      ) : (
        <>
          <Stack gap="xs">
            <Title order={3} size="h4">
              Last values
            </Title>
            <CompareValuesTable
              units={units}
              metrics={chosen}
              values={values}
              reported={reported}
              timeZone={timeZone}
            />
            <Text size="xs" c="dimmed">
              Values arrive live, each measured against the reference’s; hover one for when it was read.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end" gap="xs">
              <Title order={3} size="h4">
                History
              </Title>
              <TimeRangePicker value={choice} range={range} timeZone={timeZone} onChange={handleRange} />
            </Group>
            {charted.length === 0 ? (
              <Text size="sm" c="dimmed">
                Text metrics have no chart: their values are compared in the table only.
              </Text>
            ) : (
              // Two charts a row on a wide screen; a single one takes the width.
              <SimpleGrid cols={charted.length === 1 ? 1 : { base: 1, xl: 2 }} spacing="sm">
                {charted.map((metric) => (
                  <CompareMetricChart
                    key={metric.metricId}
                    metric={metric}
                    units={units}
                    range={range}
                    timeZone={timeZone}
                    syncKey={SYNC_KEY}
                    onZoom={handleZoom}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
