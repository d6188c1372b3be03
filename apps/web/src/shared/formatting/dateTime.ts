/**
 * The one date-time formatter. The spec shows dates as MM/dd/yyyy and times as hh:mm:ss a (11/25/2026 09:05:03 AM)
 * in the user's zone, whatever the browser's locale; every screen formats moments through this file.
 */

interface ZoneFormatters {
  date: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}

/** One pair per zone: building an Intl.DateTimeFormat costs far more than using one. */
const zoneFormatters = new Map<string, ZoneFormatters>();

function formattersFor(timeZone: string): ZoneFormatters {
  let formatters = zoneFormatters.get(timeZone);
  if (!formatters) {
    formatters = {
      date: new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: true,
      }),
    };
    zoneFormatters.set(timeZone, formatters);
  }
  return formatters;
}

/** Newer ICU puts a narrow no-break space before AM/PM; the spec's pattern has a plain one. */
function plainSpaces(text: string): string {
  return text.replace(/\s/g, ' ');
}

/** A moment's date as MM/dd/yyyy in the given zone. */
export function formatDate(ts: number, timeZone: string): string {
  return formattersFor(timeZone).date.format(ts);
}

/** A moment's time of day as hh:mm:ss a in the given zone. */
export function formatTime(ts: number, timeZone: string): string {
  return plainSpaces(formattersFor(timeZone).time.format(ts));
}

/** A moment as the console shows it in tables and readouts: MM/dd/yyyy hh:mm:ss a in the given zone. */
export function formatDateTime(ts: number, timeZone: string): string {
  return `${formatDate(ts, timeZone)} ${formatTime(ts, timeZone)}`;
}

let ownZone: string | undefined;

/**
 * The browser's own zone: where the console shows times unless a screen offers another. Read once: building an
 * Intl.DateTimeFormat to ask costs about a millisecond, and tables ask per cell.
 */
export function browserTimeZone(): string {
  ownZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return ownZone;
}

/**
 * Spec dates split in two parts (a date line over a time line), or 'Date Not Available' for a missing or invalid
 * moment.
 */
export function formatSpecDateTime(
  value: string | number | null,
  timeZone: string,
): { date: string; time: string } | 'Date Not Available' {
  const ts = typeof value === 'string' ? Date.parse(value) : value;
  if (ts === null || !Number.isFinite(ts)) return 'Date Not Available';
  return { date: formatDate(ts, timeZone), time: formatTime(ts, timeZone) };
}

/** The one elapsed-time formatter lives in elapsed.ts; this path stays for callers written before the merge. */
export { formatAgo } from './elapsed.ts';
