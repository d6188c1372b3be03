import { useMemo } from 'react';
import { Text } from '@mantine/core';
import {
  ALERT_LEVEL_COLOURS,
  ALERT_LEVEL_LABELS,
  alertLanes,
  type AlertLevel,
  type TimeRange,
} from '@kelvin/domain';
import { TimelineChart, type TimelineLane } from '../../shared/charts/TimelineChart.tsx';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { useAlertView } from './diagnoseQueries.ts';

export interface AlertGanttBodyProps {
  title: string;
  assets: readonly { assetId: number; name: string }[];
  range: TimeRange;
  timeZone: string;
  height: number;
  onZoom: (range: TimeRange) => void;
}

const LEVELS: readonly AlertLevel[] = ['CRITICAL', 'WARNING', 'INFO'];
const LEGEND = LEVELS.map((level) => ({
  label: ALERT_LEVEL_LABELS[level],
  color: ALERT_LEVEL_COLOURS[level],
}));

/** The alert Gantt: the chosen assets' alerts over the range, a lane per monitor, a bar per alert by level. */
export function AlertGanttBody({ title, assets, range, timeZone, height, onZoom }: AlertGanttBodyProps) {
  const query = useAlertView(
    assets.map((asset) => asset.assetId),
    range,
  );
  const lanes = useMemo((): TimelineLane[] => {
    const names = new Map(assets.map((asset) => [asset.assetId, asset.name]));
    // An open alert runs to when the answer came: what is known of it, not a guess past that.
    const answeredAt = query.dataUpdatedAt > 0 ? query.dataUpdatedAt : range.to;
    return alertLanes(query.data?.alerts ?? [], names, Math.min(answeredAt, range.to)).map((lane) => ({
      key: lane.key,
      label: lane.label,
      bars: lane.segments.map((segment) => ({
        from: segment.from,
        to: segment.to,
        color: ALERT_LEVEL_COLOURS[segment.level],
        label: `${ALERT_LEVEL_LABELS[segment.level]} alert ${segment.alertId}`,
      })),
    }));
  }, [query.data, query.dataUpdatedAt, assets, range.to]);

  if (assets.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        Pick a unit to see its alerts.
      </Text>
    );
  }
  if (query.isError) {
    return <QueryError label={title} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <TimelineChart
      title={title}
      lanes={lanes}
      legend={LEGEND}
      range={range}
      timeZone={timeZone}
      height={height}
      syncKey="diagnose"
      emptyText="No alerts in this range"
      loading={query.data === undefined && query.isFetching}
      onZoom={onZoom}
      formatTime={(ts) => formatDateTime(ts, timeZone)}
    />
  );
}
