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

/** How long ago a moment was, in the largest whole unit: '12 s ago', '5 min ago', '3 h ago', '2 d ago'. */
export function formatAgo(ts: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ts) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
