import { useMemo, useState } from 'react';
import { Group, Loader, Paper, Title } from '@mantine/core';
import type { Metric } from '@kelvin/contract';
import { defaultAggregation, formatMetricValueWithUnits, type TimeRange } from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
import type { ChartSeries } from '../../shared/charts/chartData.ts';
import { TimeSeriesChart } from '../../shared/charts/TimeSeriesChart.tsx';
import { wholeValueTicks } from '../../shared/charts/valueAxis.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useChartSeries } from '../diagnose/diagnoseQueries.ts';
import { toChartSeries } from '../diagnose/GroupChartBody.tsx';
import type { ComparedUnit } from './useComparedUnits.ts';

export interface CompareMetricChartProps {
  metric: Metric;
  units: readonly ComparedUnit[];
  range: TimeRange;
  timeZone: string;
  syncKey: string;
  onZoom: (range: TimeRange) => void;
}

const PLOT_PX = 200;
const LEGEND_ROW_PX = 26;
/** Past this many units the legend scrolls rather than push the next chart down. */
const LEGEND_ROWS = 5;

/**
 * One metric over the range, a line per unit in the unit's colour (the same on every chart and in the table's
 * header), asked for at the plot's width like every chart.
 */
export function CompareMetricChart({
  metric,
  units,
  range,
  timeZone,
  syncKey,
  onZoom,
}: CompareMetricChartProps) {
  const [width, setWidth] = useState(0);
  const query = useChartSeries({
    assetIds: units.map((unit) => unit.assetId),
    metrics: [{ metricId: metric.metricId, aggregation: defaultAggregation(metric) }],
    range,
    width,
  });
  const series = useMemo(() => {
    const answer = query.data ?? [];
    const lines = toChartSeries(answer, new Map([[metric.metricId, metric]]), new Map());
    // In the units' order, named by unit alone: the chart's title names the metric.
    return units.flatMap((unit): ChartSeries[] =>
      lines
        .filter((_, index) => answer[index]?.assetId === unit.assetId)
        .map((line) => ({ ...line, label: unit.name, color: unit.color, dashed: unit.dashed })),
    );
  }, [query.data, metric, units]);
  const format = useMemo(
    () => (value: number | null) =>
      formatMetricValueWithUnits(metric, value, metric.units, userUnitsProfile()),
    [metric],
  );
  const valueTicks = useMemo(() => wholeValueTicks([metric]), [metric]);
  const title = metric.units ? `${metric.name} (${metric.units})` : metric.name;

  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="nowrap" mb={4} mih={24}>
        <Title order={4} size="h5">
          {title}
        </Title>
        {query.isFetching && query.data !== undefined && (
          <Loader size={14} aria-label={`Updating ${metric.name}`} />
        )}
      </Group>
      {query.isError ? (
        <QueryError
          label={`the history of ${metric.name}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <TimeSeriesChart
          title={metric.name}
          series={series}
          range={range}
          timeZone={timeZone}
          syncKey={syncKey}
          height={PLOT_PX}
          legendHeight={LEGEND_ROW_PX * (LEGEND_ROWS + 1) + 8}
          formatValue={format}
          onZoom={onZoom}
          onWidth={setWidth}
          loading={query.data === undefined && (width === 0 || query.isFetching)}
          valueTicks={valueTicks}
        />
      )}
    </Paper>
  );
}
