/**
 * Wall-clock times in a chosen IANA zone, as 'YYYY-MM-DD HH:mm:ss' strings (the form date pickers read and
 * write), to and from epoch milliseconds. The browser's own zone plays no part: an operator in Paris looking at
 * a Tokyo hall types Tokyo times.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of a moment in a zone. */
export function toZonedLocal(ts: number, timeZone: string): string {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(ts)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone's offset from UTC at a moment, in milliseconds (Tokyo: +9 h). */
function offsetAt(ts: number, timeZone: string): number {
  const wall = LOCAL.exec(toZonedLocal(ts, timeZone));
  if (!wall) return 0;
  const [, y, mo, d, h, mi, s] = wall.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) - Math.floor(ts / 1000) * 1000;
}

/**
 * The moment a wall-clock time names in a zone, or undefined when the text is not such a time. A time that a
 * clock change skips (02:30 on a spring-forward night) is read with the offset before the change, as clocks do.
 */
export function fromZonedLocal(local: string, timeZone: string): number | undefined {
  const match = LOCAL.exec(local.trim());
  if (!match) return undefined;
  // An absent seconds group reads as undefined at run time, whatever the type says: Number(undefined) is NaN.
  const [, y, mo, d, h, mi, s] = Array.from(match, (part: string | undefined) => Number(part ?? 0));
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== (mo ?? 1) - 1 || check.getUTCDate() !== d || (h ?? 0) > 23) return undefined;
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return Math.max(first, second);
}
