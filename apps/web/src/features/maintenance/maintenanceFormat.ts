import type { MaintenanceWindow } from '@kelvin/contract';
import { formatDate, formatDateTime, formatTime } from '../../shared/formatting/dateTime.ts';

/**
 * A window's span in its own zone, the way it was planned, through the one date-time formatter:
 * '11/27/2026 01:00:00 PM – 03:00:00 PM' within a day, both dates when it spans days.
 */
export function formatWindowSpan(window: Pick<MaintenanceWindow, 'timeWindow' | 'timeZoneId'>): string {
  const { start, end } = windowSpanParts(window);
  return `${start} – ${end}`;
}

/** The two ends of a window's span, for a cell that writes them on two lines; the end leaves out a shared date. */
export function windowSpanParts(window: Pick<MaintenanceWindow, 'timeWindow' | 'timeZoneId'>): {
  start: string;
  end: string;
} {
  const zone = window.timeZoneId;
  const from = Date.parse(window.timeWindow.from);
  const to = Date.parse(window.timeWindow.to);
  const end =
    formatDate(from, zone) === formatDate(to, zone) ? formatTime(to, zone) : formatDateTime(to, zone);
  return { start: formatDateTime(from, zone), end };
}

/** The next whole hour after `now`: where a new window starts unless the user says otherwise. */
export function nextWholeHour(now: number): number {
  return Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000;
}

/** A new window lasts this long unless the user says otherwise. */
export const DEFAULT_WINDOW_HOURS = 4;
