import { memo, useState } from 'react';
import { IconAdjustmentsHorizontal, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Metric, MetricValueStateUpdate } from '@kelvin/contract';
import {
  DEVICE_STATUS_BITS,
  DEVICE_STATUS_COLOURS,
  EMPTY_VALUE,
  formatMetricValueWithUnits,
  shortenAlias,
  worstDeviceStatus,
} from '@kelvin/domain';
import { userUnitsProfile } from '../../shared/preferences/displayPreferences.ts';
// The one formatter: the spec's hh:mm:ss a whatever the browser's locale (a German browser read 18:33:54).
import { formatTime } from '../../shared/formatting/dateTime.ts';
import { useLiveValue, type LiveValueStore } from '../live/liveValueStore.ts';
import { isAlarmStatus } from './liveViewRows.ts';
import classes from './LiveMetricList.module.css';

/** A counter that moves when `text` changes after the first render: the key that replays the flash. */
function useChangeCount(text: string): number {
  const [seen, setSeen] = useState({ text, count: 0 });
  if (seen.text === text) return seen.count;
  // The first value after none is an arrival, not a change: it does not flash.
  const count = seen.text === EMPTY_VALUE ? seen.count : seen.count + 1;
  // React's way to keep something of the previous render: set state while rendering, rendered again at once.
  setSeen({ text, count });
  return count;
}

export interface LiveMetricRowProps {
  metric: Metric;
  value: MetricValueStateUpdate | undefined;
  depth: number;
  height: number;
  detailed: boolean;
  sideLabels: boolean;
  timeZone: string;
  /** Present when the user may set or override this metric. */
  onCommand: ((metric: Metric) => void) | undefined;
}

/** Why a reading stands out: alarm, its worst ranked status (spec colours), and an override. */
function Marks({ value }: { value: MetricValueStateUpdate | undefined }) {
  if (!value) return <span className={classes.marks} />;
  const worst = worstDeviceStatus([value.status]);
  const overridden =
    value.overrideType !== 'NONE' ||
    (value.status > 0 && (value.status & DEVICE_STATUS_BITS.OVERRIDDEN) !== 0);
  return (
    <span className={classes.marks}>
      {isAlarmStatus(value.status) ? (
        <span className={classes.mark} style={{ background: 'var(--mantine-color-red-filled)' }}>
          Alarm
        </span>
      ) : null}
      {worst !== null && worst !== 'OVERRIDDEN' ? (
        <span
          className={classes.mark}
          style={{ background: DEVICE_STATUS_COLOURS[worst], color: worst === 'NULL' ? '#333' : undefined }}
        >
          {worst.toLowerCase()}
        </span>
      ) : null}
      {overridden ? (
        <span
          className={classes.mark}
          style={{ background: DEVICE_STATUS_COLOURS.OVERRIDDEN }}
          title={`Overridden (${value.overrideType === 'NONE' ? 'by the unit' : value.overrideType})`}
        >
          {value.overrideType === 'NONE' ? 'override' : `${value.overrideType} override`}
        </span>
      ) : null}
    </span>
  );
}

/** One metric of the live view: its label, its current value (flashing when it changes), marks and set control. */
export const LiveMetricRow = memo(function LiveMetricRow(props: LiveMetricRowProps) {
  const { metric, value, depth, height, detailed, sideLabels, timeZone, onCommand } = props;
  const text = formatMetricValueWithUnits(
    metric,
    value?.value ?? null,
    value?.units ?? metric.units,
    userUnitsProfile(),
  );
  const changes = useChangeCount(text);
  const showName = sideLabels || detailed;
  return (
    <div
      className={classes.row}
      style={{ height, paddingLeft: `calc(var(--mantine-spacing-sm) + ${depth * 14}px)` }}
      role="row"
      data-alias={metric.alias}
    >
      <div className={classes.label} role="rowheader">
        {showName ? <div className={classes.name}>{metric.name}</div> : null}
        {detailed || !showName ? (
          <div className={classes.alias} title={metric.alias}>
            {shortenAlias(metric.alias)}
          </div>
        ) : null}
      </div>
      <Marks value={value} />
      <span
        key={changes}
        className={`${classes.value} ${changes > 0 ? classes.flash : ''}`}
        role="cell"
        aria-label={`${metric.name} value`}
        data-testid={`value-${metric.alias}`}
      >
        {text}
      </span>
      {detailed ? (
        <span className={classes.time} role="cell">
          {value ? formatTime(value.timestamp, timeZone) : ''}
        </span>
      ) : null}
      {onCommand ? (
        <button
          type="button"
          className={classes.action}
          aria-label={`Change ${metric.name}`}
          title={`Change ${metric.name}`}
          onClick={() => onCommand(metric)}
        >
          <IconAdjustmentsHorizontal size={16} />
        </button>
      ) : (
        <span className={classes.actionSpacer} />
      )}
    </div>
  );
});

export interface LiveValueRowProps extends Omit<LiveMetricRowProps, 'value'> {
  values: LiveValueStore;
  path: string;
}

/** A metric row that follows its own path in the store: it renders when its value changes, alone. */
export const LiveValueRow = memo(function LiveValueRow({ values, path, ...row }: LiveValueRowProps) {
  return <LiveMetricRow {...row} value={useLiveValue(values, path)} />;
});

export interface LiveGroupRowProps {
  label: string;
  count: number;
  depth: number;
  height: number;
  collapsed: boolean;
  /** The group's key, handed to onToggle: one callback serves every group, so the rows stay memoised. */
  groupKey: string;
  onToggle: (groupKey: string) => void;
}

/** A group of the metric tree: folds and unfolds its metrics. */
export const LiveGroupRow = memo(function LiveGroupRow(props: LiveGroupRowProps) {
  const { label, count, depth, height, collapsed, groupKey, onToggle } = props;
  const Chevron = collapsed ? IconChevronRight : IconChevronDown;
  return (
    <button
      type="button"
      className={`${classes.row} ${classes.group}`}
      style={{ height, paddingLeft: `calc(var(--mantine-spacing-sm) + ${depth * 14}px)` }}
      aria-expanded={!collapsed}
      onClick={() => onToggle(groupKey)}
    >
      <Chevron size={14} aria-hidden />
      <span>{label}</span>
      <span className={classes.count}>{count}</span>
    </button>
  );
});
