import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** Spec'd choices: off, 10 s, 30 s, 1 min, 5 min (milliseconds as the value). */
export const AUTO_REFRESH_CHOICES = [
  { value: '0', label: 'Off' },
  { value: '10000', label: '10 s' },
  { value: '30000', label: '30 s' },
  { value: '60000', label: '1 min' },
  { value: '300000', label: '5 min' },
] as const;

export interface AutoRefreshPickerProps {
  everyMs: number;
  onChange: (everyMs: number) => void;
  /** Off while the range is absolute or zoomed: there is nothing newer to follow. */
  disabled: boolean;
}

export function AutoRefreshPicker({ everyMs, onChange, disabled }: AutoRefreshPickerProps) {
  return (
    <Select
      label="Auto refresh"
      leftSection={<IconRefresh size={16} />}
      data={[...AUTO_REFRESH_CHOICES]}
      value={String(everyMs)}
      allowDeselect={false}
      disabled={disabled}
      onChange={(value) => onChange(Number(value ?? 0))}
      w={130}
    />
  );
}

/** Calls `refresh` every `everyMs` while enabled; charts then take new data without being rebuilt. */
export function useAutoRefresh(everyMs: number, enabled: boolean, refresh: () => void): void {
  useEffect(() => {
    if (!enabled || everyMs <= 0) return;
    const timer = setInterval(refresh, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, enabled, refresh]);
}
