import { DatePicker, type DatesRangeValue } from '@mantine/dates';

/** The calendar of the custom range: its own module, so that the date library loads when the popover opens. */
export function RangeDaysPicker({
  value,
  onChange,
}: {
  value: DatesRangeValue<string>;
  onChange: (value: DatesRangeValue<string>) => void;
}) {
  return <DatePicker type="range" allowSingleDateInRange value={value} onChange={onChange} />;
}
