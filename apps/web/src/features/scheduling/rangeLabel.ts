import { formatDate } from '../../shared/formatting/dateTime.ts';
import { addDays, viewDays } from './calendarRange.ts';
import type { SchedulingView, ViewStyle } from './schedulingState.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day as the console writes dates (the one formatter; the day is read at noon UTC, in UTC). */
const dayText = (day: string) => formatDate(Date.parse(`${day}T12:00:00Z`), 'UTC');

/** The period on screen in words: 'November 2026', '11/22/2026 – 11/28/2026' or one day. */
export function rangeLabel(view: SchedulingView, day: string, style: ViewStyle): string {
  if (view === 'month') return `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${day.slice(0, 4)}`;
  if (view === 'technicians') return dayText(day);
  const { first, end } = viewDays(view, day, style);
  return `${dayText(first)} – ${dayText(addDays(end, -1))}`;
}
