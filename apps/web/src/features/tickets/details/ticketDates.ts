import { formatSpecDateTime } from '../../../shared/formatting/dateTime.ts';

/** A ticket's moment in the spec's pattern (MM/dd/yyyy hh:mm:ss a) in the user's zone; 'Date Not Available' if none. */
export function formatTicketDate(value: string | null, timeZone: string): string {
  const moment = formatSpecDateTime(value, timeZone);
  return typeof moment === 'string' ? moment : `${moment.date} ${moment.time}`;
}
