import {
  TIME_ENTRY_DURATION_MESSAGE,
  TIME_ENTRY_MAX_MINUTES,
  TIME_ENTRY_MIN_MINUTES,
  type TimeEntry,
} from '@kelvin/contract';
import { formatMinutes, hoursMinutesToMinutes, parseTimeInput } from '@kelvin/domain';

/** The browser's today as yyyy-MM-dd: the day a user means when they log time now. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const TIME_INPUT_HINT = 'Type the time as 45m, 1h30, 1:30 or 1.5 (hours).';

/** What the user typed for time spent, in minutes, or the message saying why it cannot be logged. */
export function readTimeInput(text: string): { minutes: number } | { error: string } {
  if (text.trim() === '') return { error: 'Type the time spent, e.g. 45m.' };
  const minutes = parseTimeInput(text);
  if (minutes === undefined) return { error: TIME_INPUT_HINT };
  if (minutes < TIME_ENTRY_MIN_MINUTES || minutes > TIME_ENTRY_MAX_MINUTES)
    return { error: TIME_ENTRY_DURATION_MESSAGE };
  return { minutes };
}

export const entryMinutes = (entry: Pick<TimeEntry, 'duration'>) => hoursMinutesToMinutes(entry.duration);

export const entryDuration = (entry: Pick<TimeEntry, 'duration'>) => formatMinutes(entryMinutes(entry));

/** 'yyyy-MM-dd' as the spec's MM/dd/yyyy, without time zone shifts (it is a calendar day, not an instant). */
export function formatEntryDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${month}/${day}/${year}` : date;
}

export const ticketHref = (ticketId: number) => `#/user/tickets/${ticketId}/details`;
