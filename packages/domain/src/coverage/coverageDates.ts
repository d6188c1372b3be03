import { DurationError, parseDuration } from '../time/duration.ts';
import { toZonedLocal } from '../diagnose/zonedTime.ts';

/**
 * Calendar dates ('yyyy-MM-dd') of contracts and warranties. A coverage date is a day, not an instant: a warranty
 * starting 2025-03-01 in Asia/Tokyo covers the whole of that Tokyo day, so dates are compared as text in the zone
 * they belong to, never as instants.
 */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written yyyy-MM-dd (2025-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 1) - 1 && date.getUTCDate() === d;
}

/** The calendar date of a moment in an IANA zone: what 'today' is there. */
export function calendarDateIn(at: Date | number, timeZone: string): string {
  return toZonedLocal(typeof at === 'number' ? at : at.getTime(), timeZone).slice(0, 10);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A calendar date plus an ISO 8601 duration of years, months, weeks and days (P2Y, P18M, P90D). Months are added
 * as calendar months and clamped to the month's last day (2024-01-31 + P1M = 2024-02-29), as java.time does.
 * Time parts are refused: a warranty lasts whole days.
 */
export function addDurationToDate(date: string, duration: string): string {
  if (!isCalendarDate(date)) throw new DurationError(`${date} is not a date (yyyy-MM-dd).`);
  const parts = parseDuration(duration);
  if (parts.hours !== 0 || parts.minutes !== 0 || parts.seconds !== 0) {
    throw new DurationError(
      'A warranty lasts whole days: use years, months, weeks or days (for example P2Y).',
    );
  }
  const whole = [parts.years, parts.months, parts.weeks, parts.days];
  if (whole.some((value) => !Number.isInteger(value))) {
    throw new DurationError('A warranty lasts whole years, months, weeks or days (for example P18M).');
  }
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const monthIndex = y * 12 + (m - 1) + parts.years * 12 + parts.months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(year, month, Math.min(d, lastDay)) + (parts.weeks * 7 + parts.days) * 86_400_000;
  const result = new Date(shifted);
  return `${pad(result.getUTCFullYear(), 4)}-${pad(result.getUTCMonth() + 1)}-${pad(result.getUTCDate())}`;
}

/** Whether `date` lies from `start` to `end`, both days included (yyyy-MM-dd compares as text). */
export function isDateWithin(date: string, start: string, end: string): boolean {
  return start <= date && date <= end;
}

/** A warranty is expired once 'today' in its own zone is past its end date (its last covered day). */
export function isWarrantyExpired(
  warranty: { endDate: string; timeZoneId: string },
  now: Date | number,
): boolean {
  return calendarDateIn(now, warranty.timeZoneId) > warranty.endDate;
}
