import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metric, TimeSeries } from '@kelvin/contract';
import { formatMetricValue, formatMetricValueWithUnits } from '@kelvin/domain';
import type { ChartSeries } from '../../shared/charts/chartData.ts';
import { paletteColor } from '../../shared/charts/palette.ts';
import { TimeSeriesChart, type TimeRange } from '../../shared/charts/TimeSeriesChart.tsx';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { useChartSeries, type ChartRequest } from './diagnoseQueries.ts';

export interface MetricsChartGroupProps {
  title: string;
  assets: readonly { assetId: number; name: string }[];
  metrics: readonly Metric[];
  aggregationOf: (metric: Metric) => ChartRequest['metrics'][number]['aggregation'];
  range: TimeRange;
  timeZone: string;
  syncKey: string;
  onZoom: (range: TimeRange) => void;
}

/** Step and enum metrics hold their value until the next reading: drawn as steps. */
const isStepped = (metric: Metric | undefined) =>
  metric !== undefined && ['step', 'enum', 'semantic_version'].includes(metric.displayType);

/** The answer's series as chart lines: named by metric, and by asset too when several assets are shown. */
export function toChartSeries(
  answer: readonly TimeSeries[],
  metrics: ReadonlyMap<number, Metric>,
  assetNames: ReadonlyMap<number, string>,
): ChartSeries[] {
  const severalAssets = new Set(answer.map((series) => series.assetId)).size > 1;
  return answer.map((series, index) => {
    const metric = metrics.get(series.metricId);
    const metricName = metric?.name ?? `Metric ${series.metricId}`;
    const assetName = assetNames.get(series.assetId) ?? `Asset ${series.assetId}`;
    const { timestamps, values, metadatas } = series.dataPoints;
    return {
      key: `${series.assetId}:${series.metricId}:${series.assetReadingType}`,
      label: severalAssets ? `${assetName} · ${metricName}` : metricName,
      timestamps,
      values: values.map((value, at) => (metadatas[at]?.isIntervalCheckEmptyValue ? null : value)),
      step: isStepped(metric),
      color: paletteColor(index),
      format: (value: number | null) => formatMetricValueWithUnits(metric, value, metric?.units),
    };
  });
}

/** A chart group: its metrics for its assets over the screen's range, asked for at the plot's pixel width. */
export function MetricsChartGroup(props: MetricsChartGroupProps) {
  const { title, assets, metrics, aggregationOf, range, timeZone, syncKey, onZoom } = props;
  const [width, setWidth] = useState(0);
  const query = useChartSeries({
    assetIds: assets.map((asset) => asset.assetId),
    metrics: metrics.map((metric) => ({ metricId: metric.metricId, aggregation: aggregationOf(metric) })),
    range,
    width,
  });
  const byId = useMemo(() => new Map(metrics.map((metric) => [metric.metricId, metric])), [metrics]);
  const names = useMemo(() => new Map(assets.map((asset) => [asset.assetId, asset.name])), [assets]);
  const series = useMemo(() => toChartSeries(query.data ?? [], byId, names), [query.data, byId, names]);
  // The axis follows the group's first metric (decimals, enum labels), with units only when all share them.
  const first = metrics[0];
  const sharedUnits = new Set(metrics.map((metric) => metric.units)).size === 1;
  const format = useMemo(
    () => (value: number | null) =>
      sharedUnits ? formatMetricValueWithUnits(first, value, first?.units) : formatMetricValue(first, value),
    [first, sharedUnits],
  );

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Group gap="xs" wrap="nowrap">
            {query.isFetching && <Loader size="xs" aria-label={`Loading ${title}`} />}
            <Text size="xs" c="dimmed">
              Times in {timeZone}
            </Text>
          </Group>
        </Group>
        {metrics.length === 0 ? (
          <Text c="dimmed" size="sm" py="xl" ta="center">
            Pick metrics to chart them here.
          </Text>
        ) : query.isError ? (
          <Alert color="red" title={`Unable to load ${title}`} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(query.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <TimeSeriesChart
            title={title}
            series={series}
            range={range}
            timeZone={timeZone}
            syncKey={syncKey}
            formatValue={format}
            onZoom={onZoom}
            onWidth={setWidth}
          />
        )}
      </Stack>
    </Paper>
  );
}
