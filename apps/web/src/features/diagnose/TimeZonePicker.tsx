import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { listTimeZones, timeZoneOption, type TimeZoneOption } from '@kelvin/domain';

export interface TimeZonePickerProps {
  value: string;
  onChange: (timeZone: string) => void;
  /** The box's width; the diagnose toolbar's 240 unless a form has room for long names. */
  width?: number | string;
}

const HOUR_MS = 3_600_000;
/** The full list, built once an hour at most (offsets change with daylight saving time, not within an hour). */
let listed: { hour: number; zones: TimeZoneOption[] } | undefined;

function allTimeZones(): TimeZoneOption[] {
  const hour = Math.floor(Date.now() / HOUR_MS);
  if (listed?.hour !== hour) listed = { hour, zones: listTimeZones() };
  return listed.zones;
}

/**
 * The time zone of every axis and table on the screen: about 400 IANA zones, searchable, sorted by label. Until
 * its list first opens it holds only the chosen zone: labelling 400 zones costs a screen's first render 100 ms.
 */
export function TimeZonePicker({ value, onChange, width = 240 }: TimeZonePickerProps) {
  const [opened, setOpened] = useState(false);
  const zones = useMemo(() => (opened ? allTimeZones() : [timeZoneOption(value)]), [opened, value]);
  return (
    <Select
      onDropdownOpen={() => setOpened(true)}
      label="Time zone"
      leftSection={<IconWorld size={16} />}
      data={zones}
      value={value}
      onChange={(zone) => {
        if (zone) onChange(zone);
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No time zone matches"
      maxDropdownHeight={320}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      w={width}
    />
  );
}
