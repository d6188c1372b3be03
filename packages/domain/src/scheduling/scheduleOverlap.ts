/**
 * The scheduling rules the server and the browser share: when two entries clash, what kind of clash it is, and
 * whether a span is one an entry may have. Instants are epoch milliseconds or anything `Date` reads.
 */

export type Instant = Date | string | number;

/** A span of time, half-open: [startsAt, endsAt). */
export interface ScheduleSpan {
  startsAt: Instant;
  endsAt: Instant;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const ms = (instant: Instant): number =>
  instant instanceof Date ? instant.getTime() : new Date(instant).getTime();

/**
 * Whether two spans overlap. Both are half-open, so an entry ending at 10:00 and the next starting at 10:00 do
 * not clash: a visit followed straight by travel is the normal day, not a double booking.
 */
export function spansOverlap(a: ScheduleSpan, b: ScheduleSpan): boolean {
  return ms(a.startsAt) < ms(b.endsAt) && ms(b.startsAt) < ms(a.endsAt);
}

/** The kind of clash with another entry of the same technician: their time off, or a second booking. */
export function conflictKindOf(otherType: string): 'timeOff' | 'doubleBooking' {
  return otherType === 'timeOff' ? 'timeOff' : 'doubleBooking';
}

export interface SpanProblem {
  field: 'startsAt' | 'endsAt';
  message: string;
}

export const SCHEDULE_END_BEFORE_START = 'End must be after the start.';
export const scheduleTooLong = (maxDays: number) => `An entry lasts at most ${maxDays} days.`;
export const scheduleRangeTooLong = (maxDays: number) => `Ask for at most ${maxDays} days at once.`;

/** What is wrong with an entry's span (end not after start, or longer than `maxDays`), or null. */
export function scheduleSpanProblem(span: ScheduleSpan, maxDays: number): SpanProblem | null {
  const start = ms(span.startsAt);
  const end = ms(span.endsAt);
  if (!(end > start)) return { field: 'endsAt', message: SCHEDULE_END_BEFORE_START };
  if (end - start > maxDays * DAY_MS) return { field: 'endsAt', message: scheduleTooLong(maxDays) };
  return null;
}

/** The same for a list's [from, to) range; its problem is about `to`. */
export function scheduleRangeProblem(range: { from: Instant; to: Instant }, maxDays: number): string | null {
  const from = ms(range.from);
  const to = ms(range.to);
  if (!(to > from)) return 'The end of the range must be after its start.';
  if (to - from > maxDays * DAY_MS) return scheduleRangeTooLong(maxDays);
  return null;
}
