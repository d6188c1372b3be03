import { Select } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { TimeRange } from '../../shared/charts/TimeSeriesChart.tsx';

export type RangeChoice =
  { kind: 'relative'; label: string } | { kind: 'absolute'; from: number; to: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Relative ranges from 5 minutes to 24 months; 'Last 1 Hour' is the default (spec). */
export const RELATIVE_RANGES: readonly { label: string; ms: number }[] = [
  { label: 'Last 5 Minutes', ms: 5 * MINUTE },
  { label: 'Last 15 Minutes', ms: 15 * MINUTE },
  { label: 'Last 30 Minutes', ms: 30 * MINUTE },
  { label: 'Last 1 Hour', ms: HOUR },
  { label: 'Last 3 Hours', ms: 3 * HOUR },
  { label: 'Last 6 Hours', ms: 6 * HOUR },
  { label: 'Last 12 Hours', ms: 12 * HOUR },
  { label: 'Last 24 Hours', ms: DAY },
  { label: 'Last 7 Days', ms: 7 * DAY },
  { label: 'Last 30 Days', ms: 30 * DAY },
  { label: 'Last 90 Days', ms: 90 * DAY },
  { label: 'Last 12 Months', ms: 365 * DAY },
  { label: 'Last 24 Months', ms: 730 * DAY },
];

export function resolveRange(choice: RangeChoice, now: number): TimeRange {
  if (choice.kind === 'absolute') return { from: choice.from, to: choice.to };
  const ms = RELATIVE_RANGES.find((range) => range.label === choice.label)?.ms ?? HOUR;
  return { from: now - ms, to: now };
}

export interface TimeRangePickerProps {
  value: RangeChoice;
  onChange: (choice: RangeChoice) => void;
}

/** The one time-range picker: the screen's relative range. */
export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  return (
    <Select
      label="Time range"
      leftSection={<IconClock size={16} />}
      data={RELATIVE_RANGES.map((range) => range.label)}
      value={value.kind === 'relative' ? value.label : null}
      placeholder="Custom range"
      allowDeselect={false}
      onChange={(label) => {
        if (label) onChange({ kind: 'relative', label });
      }}
      w={200}
    />
  );
}
