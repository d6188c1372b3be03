import { formatDate, formatDateTime, formatTime } from '../../shared/formatting/dateTime.ts';

/** An entry's span with the console's one date-time format: the end's date left out when it is the same day. */
export function formatSpan(startsAt: string, endsAt: string, timeZone: string): string {
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  const sameDay = formatDate(start, timeZone) === formatDate(end, timeZone);
  return `${formatDateTime(start, timeZone)} – ${sameDay ? formatTime(end, timeZone) : formatDateTime(end, timeZone)}`;
}
