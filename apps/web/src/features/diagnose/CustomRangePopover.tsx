import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { ActionIcon, Box, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { fromZonedLocal, toZonedLocal, type TimeRange } from '@kelvin/domain';

export interface CustomRangePopoverProps {
  /** The range on screen: the fields start from it. */
  range: TimeRange;
  timeZone: string;
  onApply: (range: TimeRange) => void;
}

const FORMAT_HINT = 'YYYY-MM-DD HH:mm';
/** Mantine's calendar loads when the popover first opens: the screens with a range picker start without it. */
const RangeDaysPicker = lazy(() =>
  import('./RangeDaysPicker.tsx').then((module) => ({ default: module.RangeDaysPicker })),
);
/** The calendar's height, kept while it loads so that the fields below do not jump. */
const CALENDAR_HEIGHT = 270;
const dayOf = (local: string) => local.slice(0, 10);
const timeOf = (local: string, fallback: string) => (local.length > 11 ? local.slice(11) : fallback);

/**
 * An absolute range, typed as wall-clock times in the screen's time zone or picked as days on a calendar (the
 * first day from its start, the last to its end); the typed times are what is applied.
 */
export function CustomRangePopover({ range, timeZone, onApply }: CustomRangePopoverProps) {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A first day picked, the second not yet: the calendar shows it alone, not with the typed end.
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);

  function open() {
    setFrom(toZonedLocal(range.from, timeZone).slice(0, 16));
    setTo(toZonedLocal(range.to, timeZone).slice(0, 16));
    setError(null);
    setPicking(null);
    setOpened(true);
  }

  function pickDays([first, last]: DatesRangeValue<string>) {
    setPicking(first && !last ? [first, null] : null);
    if (first) setFrom(`${first} ${timeOf(from, '00:00')}`);
    if (last) setTo(`${last} ${timeOf(to, '23:59')}`);
  }

  function apply(event: SyntheticEvent) {
    event.preventDefault();
    const start = fromZonedLocal(from, timeZone);
    const end = fromZonedLocal(to, timeZone);
    if (start === undefined) return setError(`Start is not a time: write it as ${FORMAT_HINT}.`);
    if (end === undefined) return setError(`End is not a time: write it as ${FORMAT_HINT}.`);
    if (end <= start) return setError('End must be after start.');
    setOpened(false);
    onApply({ from: start, to: end });
  }

  const days: DatesRangeValue<string> = picking ?? [
    /^\d{4}-\d{2}-\d{2}/.test(from) ? dayOf(from) : null,
    /^\d{4}-\d{2}-\d{2}/.test(to) ? dayOf(to) : null,
  ];
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label="Custom range"
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconCalendar size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={apply} noValidate>
          <Stack gap="xs">
            <Suspense
              fallback={<Box h={CALENDAR_HEIGHT} aria-busy="true" aria-label="Loading the calendar" />}
            >
              <RangeDaysPicker value={days} onChange={pickDays} />
            </Suspense>
            <Group gap="xs" grow>
              <TextInput
                label="From"
                placeholder={FORMAT_HINT}
                value={from}
                onChange={(event) => setFrom(event.currentTarget.value)}
              />
              <TextInput
                label="To"
                placeholder={FORMAT_HINT}
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
              />
            </Group>
            <Text size="xs" c="dimmed">
              Times in {timeZone}
            </Text>
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit">Apply</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
