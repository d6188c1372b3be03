import { useEffect, useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { browserTimeZone, formatDateTime } from '../../shared/formatting/dateTime.ts';
import { TimeZonePicker } from '../diagnose/TimeZonePicker.tsx';

const TICK_MS = 1000;

/**
 * The user's zone: this browser's own (null, the default), or one of the about 400 zones of the one picker. The
 * current time in the zone shows what the choice does.
 */
export function TimeZoneSetting({
  value,
  saving,
  onChange,
}: {
  value: string | null;
  saving: boolean;
  onChange: (timeZoneId: string | null) => void;
}) {
  const own = browserTimeZone();
  const shown = value ?? own;
  const now = useNow();
  return (
    <Stack gap="xs">
      <Checkbox
        label={`Use this browser's time zone (${own})`}
        checked={value === null}
        disabled={saving}
        onChange={(event) => onChange(event.currentTarget.checked ? null : own)}
      />
      <TimeZonePicker
        value={shown}
        width="100%"
        onChange={(zone) => {
          if (zone !== value) onChange(zone);
        }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        Now: {formatDateTime(now, shown)}
      </Text>
    </Stack>
  );
}

/** The time now, every second, for the example line. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
