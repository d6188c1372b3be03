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
