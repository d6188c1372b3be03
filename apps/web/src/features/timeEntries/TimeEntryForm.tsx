import { useRef, useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconClockPlus, IconDeviceFloppy } from '@tabler/icons-react';
import { TIME_ENTRY_DESCRIPTION_MAX, type TimeEntry } from '@kelvin/contract';
import { coreEnumEntries, formatMinutes, minutesToHoursMinutes } from '@kelvin/domain';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { enumEntries, useCoreEnums } from '../tickets/coreEnumsQuery.ts';
import { entryMinutes, localToday, readTimeInput } from './timeEntryFormat.ts';
import { useTicketChoices } from './timeEntriesQueries.ts';

export interface TimeEntryValues {
  ticketId: number;
  date: string;
  duration: { hours: number; minutes: number };
  laborCodeEnumKey: string;
  description: string;
}

export interface TimeEntryFormProps {
  /** The ticket the time goes on (the ticket's panel); left out, the form has a ticket picker (the page). */
  ticket?: { ticketId: number; title: string };
  /** An entry to change; left out, the form enters new time and clears time and description after each. */
  entry?: TimeEntry;
  onSubmit: (values: TimeEntryValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Accessible name of the form, e.g. 'Log time'. */
  label: string;
  /** Two fields a row, for a narrow column (the ticket's side panel). */
  compact?: boolean;
}

/** The labor codes with labels from GET coreEnums; the domain's while it loads, so the select is never empty. */
function useLaborCodes(): { value: string; label: string }[] {
  const served = enumEntries(useCoreEnums().data, 'laborCodes');
  const entries = served.length > 0 ? served : coreEnumEntries('laborCodes');
  return entries.map((entry) => ({ value: entry.key, label: entry.label }));
}

/**
 * Time entered in a few keystrokes: ticket (on the page), date (today), time typed as '45m', '1h30' or '1.5',
 * labor code and a note; Enter in any field submits. After an entry the time and note clear and the time field
 * takes the focus again, so that a day's entries go in one after another.
 */
export function TimeEntryForm({
  ticket,
  entry,
  onSubmit,
  onCancel,
  label,
  compact = false,
}: TimeEntryFormProps) {
  const [ticketId, setTicketId] = useState<string | null>(
    ticket ? String(ticket.ticketId) : entry ? String(entry.ticketId) : null,
  );
  const [ticketSearch, setTicketSearch] = useState('');
  const [date, setDate] = useState(() => entry?.date ?? localToday());
  // The server takes dates up to a day ahead (a user east of UTC logging their today).
  const [latest] = useState(() => localToday(new Date(Date.now() + 86_400_000)));
  const [time, setTime] = useState(entry ? formatMinutes(entryMinutes(entry)) : '');
  const [laborCode, setLaborCode] = useState(entry?.laborCodeEnumKey ?? 'other');
  const [description, setDescription] = useState(entry?.description ?? '');
  const [errors, setErrors] = useState<{ ticket?: string; date?: string; time?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [saving, setSaving] = useState(false);
  const timeRef = useRef<HTMLInputElement>(null);
  const laborCodes = useLaborCodes();
  const choices = useTicketChoices(ticketSearch, !ticket);
  const ticketOptions = (choices.data?.content ?? []).map((one) => ({
    value: String(one.ticketId),
    label: `#${one.ticketId} ${one.title}`,
  }));
  // The entry's own ticket stays choosable even when it is not among the open ones found.
  if (entry && !ticketOptions.some((option) => option.value === String(entry.ticketId))) {
    ticketOptions.unshift({
      value: String(entry.ticketId),
      label: `#${entry.ticketId} ${entry.ticketTitle}`,
    });
  }
  const parsed = time.trim() === '' ? undefined : readTimeInput(time);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const read = readTimeInput(time);
    const next = {
      ...(ticketId === null ? { ticket: 'Choose the ticket the time was spent on.' } : {}),
      ...(/^\d{4}-\d{2}-\d{2}$/.test(date) ? {} : { date: 'Choose the day the time was spent.' }),
      ...('error' in read ? { time: read.error } : {}),
    };
    setErrors(next);
    setFailure(null);
    if (ticketId === null || 'error' in read || next.date) return;
    setSaving(true);
    try {
      await onSubmit({
        ticketId: Number(ticketId),
        date,
        duration: minutesToHoursMinutes(read.minutes),
        laborCodeEnumKey: laborCode,
        description: description.trim(),
      });
      if (!entry) {
        setDone(`Logged ${formatMinutes(read.minutes)} on ticket #${ticketId}.`);
        setTime('');
        setDescription('');
        timeRef.current?.focus();
      }
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {!ticket && (
          <Select
            label="Ticket"
            placeholder="Search by number or title"
            searchable
            data={ticketOptions}
            value={ticketId}
            onChange={setTicketId}
            searchValue={ticketSearch}
            onSearchChange={setTicketSearch}
            filter={({ options }) => options}
            nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No open ticket matches'}
            error={errors.ticket}
            required
            w={{ base: '100%', sm: 260 }}
          />
        )}
        <TextInput
          label="Date"
          type="date"
          value={date}
          max={latest}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.date}
          required
          w={compact ? 'calc(50% - 6px)' : { base: '100%', xs: 160 }}
        />
        <TextInput
          ref={timeRef}
          label="Time spent"
          placeholder="45m, 1h30, 1.5"
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
          error={errors.time}
          // What the typed time reads as, under the field so that the fields stay aligned at the top.
          description={parsed && 'minutes' in parsed ? `= ${formatMinutes(parsed.minutes)}` : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          autoComplete="off"
          data-autofocus
          w={compact ? 'calc(50% - 6px)' : { base: '100%', xs: 140 }}
        />
        <Select
          label="Labor code"
          data={laborCodes}
          value={laborCode}
          onChange={(value) => setLaborCode(value ?? 'other')}
          allowDeselect={false}
          w={compact ? '100%' : { base: '100%', xs: 140 }}
        />
        <TextInput
          label="What was done"
          placeholder="Optional note"
          value={description}
          maxLength={TIME_ENTRY_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.currentTarget.value)}
          style={{ flex: 1 }}
          miw={compact ? '100%' : 200}
        />
        <Group gap="xs" mt={compact ? 0 : { base: 0, sm: 25 }}>
          <Button
            type="submit"
            loading={saving}
            leftSection={
              entry ? <IconDeviceFloppy size={16} aria-hidden /> : <IconClockPlus size={16} aria-hidden />
            }
          >
            {entry ? 'Save' : 'Log time'}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Group>
      {failure && (
        <Alert color="red" mt="sm" role="alert" title="The time was not saved">
          {failure}
        </Alert>
      )}
      <Text size="sm" c="dimmed" mt={4} aria-live="polite">
        {done}
      </Text>
    </form>
  );
}
