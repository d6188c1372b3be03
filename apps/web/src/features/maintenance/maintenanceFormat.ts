import type { MaintenanceWindow } from '@kelvin/contract';

const rangeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A window's span in its own zone, the way it was planned: 'Jun 1, 2025, 8:00 – 12:00 PM' within a day, both
 * dates when it spans days (Intl's range format leaves out what the ends share).
 */
export function formatWindowSpan(window: Pick<MaintenanceWindow, 'timeWindow' | 'timeZoneId'>): string {
  const zone = window.timeZoneId;
  let formatter = rangeFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(undefined, {
      timeZone: zone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    rangeFormatters.set(zone, formatter);
  }
  return formatter.formatRange(Date.parse(window.timeWindow.from), Date.parse(window.timeWindow.to));
}

/** The next whole hour after `now`: where a new window starts unless the user says otherwise. */
export function nextWholeHour(now: number): number {
  return Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000;
}

/** A new window lasts this long unless the user says otherwise. */
export const DEFAULT_WINDOW_HOURS = 4;
