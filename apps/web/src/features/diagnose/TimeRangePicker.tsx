import { Select } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { RELATIVE_RANGES, resolveRelativeRange, type TimeRange } from '@kelvin/domain';

export type RangeChoice =
  { kind: 'relative'; label: string } | { kind: 'absolute'; from: number; to: number };

export function resolveRange(choice: RangeChoice, now: number): TimeRange {
  return choice.kind === 'absolute'
    ? { from: choice.from, to: choice.to }
    : resolveRelativeRange(choice.label, now);
}

export interface TimeRangePickerProps {
  value: RangeChoice;
  onChange: (choice: RangeChoice) => void;
}

/** The one time-range picker: relative ranges from 5 minutes to 24 months ('Last 1 Hour' by default). */
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
