import {
  DEVICE_STATUS_BITS,
  DEVICE_STATUS_COLOURS,
  worstDeviceStatus,
  type RankedDeviceStatus,
} from '../assets/statusBits.ts';
import type { StatusGanttChartConfig } from './diagnoseView.ts';

/**
 * What the status Gantt shows for a reading: its worst ranked status in the spec's severity order, then alarm
 * (the spec ranks no alarm bit, but an operator looks for them first among the rest), then OK.
 */
export const TIMELINE_STATUSES = [
  'DOWN',
  'FAULT',
  'DISABLED',
  'OVERRIDDEN',
  'STALE',
  'NULL',
  'ALARM',
  'OK',
] as const;
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];

/** The spec's status colours; alarm and OK, which it does not colour, in hues none of those use. */
export const TIMELINE_STATUS_COLOURS: Readonly<Record<TimelineStatus, string>> = {
  ...DEVICE_STATUS_COLOURS,
  ALARM: 'deeppink',
  OK: 'mediumseagreen',
};

export const TIMELINE_STATUS_LABELS: Readonly<Record<TimelineStatus, string>> = {
  DOWN: 'Down',
  FAULT: 'Fault',
  DISABLED: 'Disabled',
  OVERRIDDEN: 'Overridden',
  STALE: 'Stale',
  NULL: 'Null',
  ALARM: 'Alarm',
  OK: 'OK',
};

export function isTimelineStatus(value: string): value is TimelineStatus {
  return TIMELINE_STATUSES.some((status) => status === value);
}

const ALARM_BITS = DEVICE_STATUS_BITS.ALARM | DEVICE_STATUS_BITS.UNACKNOWLEDGED_ALARM;

/** The timeline status of a reading's status integer; null for none (-1) and for what is not a status. */
export function timelineStatus(status: number | null | undefined): TimelineStatus | null {
  if (status === null || status === undefined || !Number.isInteger(status) || status < 0) return null;
  const worst: RankedDeviceStatus | null = worstDeviceStatus([status]);
  if (worst !== null) return worst;
  return (status & ALARM_BITS) !== 0 ? 'ALARM' : 'OK';
}

/** One series' statuses as the time-series call answers them; a null status is a gap (no reading). */
export interface StatusSeries {
  key: string;
  label: string;
  /** The series' bucket width: how long its last reading holds. */
  intervalMs: number;
  timestamps: readonly number[];
  statuses: readonly (number | null)[];
}

export interface TimelineSegment {
  from: number;
  to: number;
  status: TimelineStatus;
  /** What the segment belongs to, when the lane does not say it (view by status). */
  source?: string;
}

export interface TimelineLane {
  key: string;
  label: string;
  segments: TimelineSegment[];
}

/**
 * A series as runs of one status: each reading holds until the next one (the last for one interval, within the
 * range), a gap ends a run, and neighbouring readings of one status make one segment.
 */
export function statusSegments(series: StatusSeries, rangeEnd: number): TimelineSegment[] {
  const segments: TimelineSegment[] = [];
  const { timestamps, statuses, intervalMs } = series;
  for (let index = 0; index < timestamps.length; index++) {
    const status = timelineStatus(statuses[index]);
    const from = timestamps[index] ?? 0;
    const to = Math.min(timestamps[index + 1] ?? from + intervalMs, rangeEnd);
    if (status === null || to <= from) continue;
    const previous = segments.at(-1);
    if (previous && previous.status === status && previous.to === from) previous.to = to;
    else segments.push({ from, to, status });
  }
  return segments;
}

/** The statuses a config shows: those it filters to, or all when it filters to none. */
export function shownStatuses(config: StatusGanttChartConfig): TimelineStatus[] {
  const chosen = new Set(config.appliedStatusFilters);
  const shown = TIMELINE_STATUSES.filter((status) => chosen.has(status));
  return shown.length > 0 ? shown : [...TIMELINE_STATUSES];
}

/**
 * The Gantt's lanes: one per series with its runs of the shown statuses, or with view by status one per shown
 * status that occurs, in severity order, holding every series' runs of it (each naming its series).
 */
export function statusLanes(
  series: readonly StatusSeries[],
  config: StatusGanttChartConfig,
  rangeEnd: number,
): TimelineLane[] {
  const shown = new Set(shownStatuses(config));
  const bySeries = series.map((one) => ({
    one,
    segments: statusSegments(one, rangeEnd).filter((segment) => shown.has(segment.status)),
  }));
  if (!config.viewByStatus) {
    return bySeries.map(({ one, segments }) => ({ key: one.key, label: one.label, segments }));
  }
  return TIMELINE_STATUSES.filter((status) => shown.has(status))
    .map((status) => ({
      key: status,
      label: TIMELINE_STATUS_LABELS[status],
      segments: bySeries.flatMap(({ one, segments }) =>
        segments
          .filter((segment) => segment.status === status)
          .map((segment) => ({ ...segment, source: one.label })),
      ),
    }))
    .filter((lane) => lane.segments.length > 0);
}
