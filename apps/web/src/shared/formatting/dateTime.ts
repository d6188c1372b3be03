/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A moment as the console shows it in tables and readouts: short date, time to the second, in the given zone. */
export function formatDateTime(ts: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'short', timeStyle: 'medium' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(ts);
}

/** The browser's own zone: where the console shows times unless a screen offers another. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const specFormatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/**
 * Spec dates: a moment as MM/dd/yyyy and hh:mm:ss a (e.g. 11/25/2026 and 09:05:03 AM) in the given zone, whatever
 * the browser's locale; 'Date Not Available' for a missing or invalid one.
 */
export function formatSpecDateTime(
  value: string | number | null,
  timeZone: string,
): { date: string; time: string } | 'Date Not Available' {
  const ts = typeof value === 'string' ? Date.parse(value) : value;
  if (ts === null || !Number.isFinite(ts)) return 'Date Not Available';
  let formatters = specFormatters.get(timeZone);
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
    specFormatters.set(timeZone, formatters);
  }
  // Newer ICU puts a narrow no-break space before AM/PM; the spec's pattern has a plain one.
  return { date: formatters.date.format(ts), time: formatters.time.format(ts).replace(/\s/g, ' ') };
}

/** The one elapsed-time formatter lives in elapsed.ts; this path stays for callers written before the merge. */
export { formatAgo } from './elapsed.ts';
