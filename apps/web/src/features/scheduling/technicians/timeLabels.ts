import { toZonedLocal } from '@kelvin/domain';
import type { ViewStyle } from '../schedulingState.ts';

/**
 * Times of day on the technicians' grid. The console's one formatter writes hh:mm:ss a; a calendar's axis and
 * entries show hours and minutes only, in 12 hours (United States style) or 24 hours (Europe style), as the
 * scheduling screen's FullCalendar views do. The wall-clock time in the zone comes from the domain's zoned time.
 */
interface WallClock {
  hour: number;
  minute: string;
}

/**
 * Wall-clock times already read, per zone: a column of 100 entries asks for 400 of them on each render (its label
 * and its span, start and end), entries sit on quarter hours so few moments recur, and each Intl read costs
 * microseconds that add up to tens of milliseconds at 5,000 entries. Bounded: emptied when it grows past LIMIT.
 */
const wallClocks = new Map<string, Map<number, WallClock>>();
const WALL_CLOCK_LIMIT = 20_000;
let wallClockCount = 0;

function wallClock(ts: number, timeZone: string): WallClock {
  let zone = wallClocks.get(timeZone);
  const known = zone?.get(ts);
  if (known) return known;
  if (wallClockCount >= WALL_CLOCK_LIMIT) {
    wallClocks.clear();
    wallClockCount = 0;
    zone = undefined;
  }
  if (!zone) wallClocks.set(timeZone, (zone = new Map<number, WallClock>()));
  const local = toZonedLocal(ts, timeZone);
  const read = { hour: Number(local.slice(11, 13)), minute: local.slice(14, 16) };
  zone.set(ts, read);
  wallClockCount += 1;
  return read;
}

function twelveHour(hour: number): { hour: number; meridiem: 'AM' | 'PM' } {
  return { hour: hour % 12 === 0 ? 12 : hour % 12, meridiem: hour < 12 ? 'AM' : 'PM' };
}

/** A time of day: 9:30 AM, or 09:30. */
export function formatClock(ts: number, timeZone: string, style: ViewStyle): string {
  const { hour, minute } = wallClock(ts, timeZone);
  if (style === 'EU') return `${String(hour).padStart(2, '0')}:${minute}`;
  const twelve = twelveHour(hour);
  return `${String(twelve.hour)}:${minute} ${twelve.meridiem}`;
}

/** An hour on the axis: 9 AM, or 09:00. */
export function formatHour(ts: number, timeZone: string, style: ViewStyle): string {
  const { hour, minute } = wallClock(ts, timeZone);
  if (style === 'EU') return `${String(hour).padStart(2, '0')}:${minute}`;
  const twelve = twelveHour(hour);
  return minute === '00' ? `${String(twelve.hour)} ${twelve.meridiem}` : formatClock(ts, timeZone, style);
}

/** A span of two times: 9:30 AM – 11:00 AM. */
export function formatClockSpan(start: number, end: number, timeZone: string, style: ViewStyle): string {
  return `${formatClock(start, timeZone, style)} – ${formatClock(end, timeZone, style)}`;
}
