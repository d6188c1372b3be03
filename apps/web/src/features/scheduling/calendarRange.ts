import { fromZonedLocal, toZonedLocal } from '@kelvin/domain';
import type { SchedulingView, ViewStyle } from './schedulingState.ts';

const DAY_MS = 86_400_000;

/** The day of a moment in a zone, YYYY-MM-DD. */
export function zonedDay(ts: number, timeZone: string): string {
  return toZonedLocal(ts, timeZone).slice(0, 10);
}

/** A day `days` after another (negative: before), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A day's first day of the month, YYYY-MM-01. */
function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The same day of the month `months` later, clamped to the month's last day. */
export function addMonths(day: string, months: number): string {
  const date = new Date(`${monthStart(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(Number(day.slice(8, 10)), last));
  return date.toISOString().slice(0, 10);
}

/** The first day of the week holding `day`: Sunday in the United States style, Monday in the European. */
export function weekStart(day: string, style: ViewStyle): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const back = style === 'US' ? weekday : (weekday + 6) % 7;
  return addDays(day, -back);
}

/**
 * The days a view shows, [first, end): a week (the agenda lists the same week), a month with the edge weeks
 * the month grid draws (six rows, as FullCalendar's), or one day for technicians side by side.
 */
export function viewDays(
  view: SchedulingView,
  day: string,
  style: ViewStyle,
): { first: string; end: string } {
  if (view === 'technicians') return { first: day, end: addDays(day, 1) };
  if (view === 'month') {
    const first = weekStart(monthStart(day), style);
    return { first, end: addDays(first, 42) };
  }
  const first = weekStart(day, style);
  return { first, end: addDays(first, 7) };
}

/** The instants a view's days cover in a zone, as the list call takes them. */
export function viewInstants(
  view: SchedulingView,
  day: string,
  style: ViewStyle,
  timeZone: string,
): { from: string; to: string } {
  const { first, end } = viewDays(view, day, style);
  const at = (d: string) =>
    new Date(fromZonedLocal(`${d} 00:00:00`, timeZone) ?? Date.parse(`${d}T00:00:00Z`));
  return { from: at(first).toISOString(), to: at(end).toISOString() };
}

/** Where the previous and next buttons go: a month back or on in the month view, a day in technicians, else a week. */
export function stepDay(view: SchedulingView, day: string, direction: 1 | -1): string {
  if (view === 'month') return addMonths(day, direction);
  if (view === 'technicians') return addDays(day, direction);
  return addDays(day, 7 * direction);
}

/**
 * The calendar runs in UTC and is given each moment's wall-clock time in the chosen zone as if it were UTC: then
 * every zone of the list is drawn right without a time-zone plugin. These two convert across that boundary.
 */
export function toCalendarDate(instant: string | number, timeZone: string): Date {
  const ts = typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(`${toZonedLocal(ts, timeZone).replace(' ', 'T')}Z`);
}

/** The instant a calendar date (wall clock in the zone, carried as UTC) stands for, as ISO text. */
export function fromCalendarDate(date: Date, timeZone: string): string {
  const local = date.toISOString().slice(0, 19).replace('T', ' ');
  return new Date(fromZonedLocal(local, timeZone) ?? date.getTime()).toISOString();
}
