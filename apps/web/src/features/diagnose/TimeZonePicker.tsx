import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { listTimeZones } from '@kelvin/domain';

export interface TimeZonePickerProps {
  value: string;
  onChange: (timeZone: string) => void;
  /** The box's width; the diagnose toolbar's 240 unless a form has room for long names. */
  width?: number | string;
}

/** The time zone of every axis and table on the screen: about 400 IANA zones, searchable, sorted by label. */
export function TimeZonePicker({ value, onChange, width = 240 }: TimeZonePickerProps) {
  const zones = useMemo(() => listTimeZones(), []);
  return (
    <Select
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
