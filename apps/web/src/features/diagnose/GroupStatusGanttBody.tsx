import { useMemo, useState } from 'react';
import { Group, MultiSelect, SegmentedControl, Stack } from '@mantine/core';
import type { Metric, TimeSeries } from '@kelvin/contract';
import {
  shownStatuses,
  statusLanes,
  TIMELINE_STATUS_COLOURS,
  TIMELINE_STATUS_LABELS,
  TIMELINE_STATUSES,
  type StatusGanttChartConfig,
  type StatusSeries,
  type TimeRange,
} from '@kelvin/domain';
import { TimelineChart, type TimelineLane } from '../../shared/charts/TimelineChart.tsx';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useChartSeries } from './diagnoseQueries.ts';

export interface StatusGanttBodyProps {
  title: string;
  assets: readonly { assetId: number; name: string }[];
  metrics: readonly Metric[];
  range: TimeRange;
  timeZone: string;
  height: number;
  config: StatusGanttChartConfig;
  onConfig: (config: StatusGanttChartConfig) => void;
  onZoom: (range: TimeRange) => void;
}

const TOOLBAR_PX = 40;
const STATUS_OPTIONS = TIMELINE_STATUSES.map((status) => ({
  value: status,
  label: TIMELINE_STATUS_LABELS[status],
}));

/** The answer's series as status series: gap-fill points are gaps, named as the chart names its lines. */
export function toStatusSeries(
  answer: readonly TimeSeries[],
  metrics: ReadonlyMap<number, Metric>,
  assetNames: ReadonlyMap<number, string>,
): StatusSeries[] {
  const severalAssets = new Set(answer.map((series) => series.assetId)).size > 1;
  return answer.map((series) => {
    const metricName = metrics.get(series.metricId)?.name ?? `Metric ${series.metricId}`;
    const assetName = assetNames.get(series.assetId) ?? `Asset ${series.assetId}`;
    const { timestamps, metadatas } = series.dataPoints;
    return {
      key: `${series.assetId}:${series.metricId}`,
      label: severalAssets ? `${assetName} · ${metricName}` : metricName,
      intervalMs: series.interval,
      timestamps,
      statuses: metadatas.map((metadata) => (metadata.isIntervalCheckEmptyValue ? null : metadata.status)),
    };
  });
}

/**
 * The status Gantt: device status bits of each metric over the range (spec colours, severity order), a lane per
 * metric or, viewed by status, a lane per status; the view's status filters choose what is drawn. Statuses come
 * from the same M4 query as the charts, whose points carry the highest status of their pixel column.
 */
export function StatusGanttBody(props: StatusGanttBodyProps) {
  const { title, assets, metrics, range, timeZone, height, config } = props;
  const [width, setWidth] = useState(0);
  const query = useChartSeries({
    assetIds: assets.map((asset) => asset.assetId),
    metrics: metrics.map((metric) => ({ metricId: metric.metricId, aggregation: 'MAX' })),
    range,
    width,
  });
  const byId = useMemo(() => new Map(metrics.map((metric) => [metric.metricId, metric])), [metrics]);
  const names = useMemo(() => new Map(assets.map((asset) => [asset.assetId, asset.name])), [assets]);
  const lanes = useMemo((): TimelineLane[] => {
    const series = toStatusSeries(query.data ?? [], byId, names);
    return statusLanes(series, config, range.to).map((lane) => ({
      key: lane.key,
      label: lane.label,
      bars: lane.segments.map((segment) => ({
        from: segment.from,
        to: segment.to,
        color: TIMELINE_STATUS_COLOURS[segment.status],
        label: segment.source ?? TIMELINE_STATUS_LABELS[segment.status],
      })),
    }));
  }, [query.data, byId, names, config, range.to]);
  const legend = shownStatuses(config).map((status) => ({
    label: TIMELINE_STATUS_LABELS[status],
    color: TIMELINE_STATUS_COLOURS[status],
  }));

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={`Lanes of ${title}`}
          value={config.viewByStatus ? 'status' : 'metric'}
          data={[
            { value: 'metric', label: 'By metric' },
            { value: 'status', label: 'By status' },
          ]}
          onChange={(value) => props.onConfig({ ...config, viewByStatus: value === 'status' })}
        />
        <MultiSelect
          size="xs"
          aria-label={`Statuses of ${title}`}
          placeholder={config.appliedStatusFilters.length === 0 ? 'All statuses' : undefined}
          data={STATUS_OPTIONS}
          value={config.appliedStatusFilters}
          onChange={(statuses) => props.onConfig({ ...config, appliedStatusFilters: statuses })}
          clearable
          style={{ flex: 1, minWidth: 160 }}
        />
      </Group>
      {query.isError ? (
        <QueryError label={title} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TimelineChart
          title={title}
          lanes={lanes}
          legend={legend}
          range={range}
          timeZone={timeZone}
          height={height - TOOLBAR_PX}
          syncKey="diagnose"
          emptyText="No statuses in this range"
          loading={query.data === undefined && (width === 0 || query.isFetching)}
          onZoom={props.onZoom}
          onWidth={setWidth}
          formatTime={(ts) => formatDateTime(ts, timeZone)}
        />
      )}
    </Stack>
  );
}
