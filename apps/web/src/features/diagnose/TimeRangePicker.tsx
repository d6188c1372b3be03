import { Group, Select } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { RELATIVE_RANGES, resolveRelativeRange, type TimeRange } from '@kelvin/domain';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { CustomRangePopover } from './CustomRangePopover.tsx';

export type RangeChoice =
  { kind: 'relative'; label: string } | { kind: 'absolute'; from: number; to: number };

export function resolveRange(choice: RangeChoice, now: number): TimeRange {
  return choice.kind === 'absolute'
    ? { from: choice.from, to: choice.to }
    : resolveRelativeRange(choice.label, now);
}

export interface TimeRangePickerProps {
  value: RangeChoice;
  /** The range on screen (a zoom included): where a custom range starts from. */
  range: TimeRange;
  timeZone: string;
  onChange: (choice: RangeChoice) => void;
}

/**
 * The one time-range picker: relative ranges from 5 minutes to 24 months ('Last 1 Hour' by default), or an
 * absolute range typed or picked on a calendar in the screen's time zone.
 */
export function TimeRangePicker({ value, range, timeZone, onChange }: TimeRangePickerProps) {
  const custom =
    value.kind === 'absolute'
      ? `${formatDateTime(value.from, timeZone)} – ${formatDateTime(value.to, timeZone)}`
      : 'Custom range';
  return (
    <Group gap={4} align="flex-end" wrap="nowrap" data-tour="time-range">
      <Select
        label="Time range"
        leftSection={<IconClock size={16} />}
        data={RELATIVE_RANGES.map((relative) => relative.label)}
        value={value.kind === 'relative' ? value.label : null}
        placeholder={custom}
        title={value.kind === 'absolute' ? custom : undefined}
        allowDeselect={false}
        onChange={(label) => {
          if (label) onChange({ kind: 'relative', label });
        }}
        w={value.kind === 'absolute' ? 260 : 200}
      />
      <CustomRangePopover
        range={range}
        timeZone={timeZone}
        onApply={(picked) => onChange({ kind: 'absolute', ...picked })}
      />
    </Group>
  );
}
