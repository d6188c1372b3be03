/**
 * A maintenance window's state, derived when it is read, never stored: the clock moves a window from UPCOMING to
 * ACTIVE to PAST without anyone writing to it.
 *
 * The bounds are instants. The window's time zone says how a person entered them and how they are shown (08:00
 * in Europe/Berlin), so it is already part of `from` and `to`; comparing instants with now needs no zone, and a
 * viewer in another zone sees the same state at the same moment.
 */
export type MaintenanceWindowState = 'ACTIVE' | 'UPCOMING' | 'PAST' | 'CANCELED';

export interface MaintenanceWindowTimes {
  /** Epoch milliseconds, or an ISO instant. */
  from: number | string;
  to: number | string;
  canceledAt: number | string | null;
}

const ms = (value: number | string) => (typeof value === 'number' ? value : Date.parse(value));

/** The window's end has passed: it is over, whether it ran or was canceled. The end itself is no longer inside. */
export function isMaintenancePast(window: Pick<MaintenanceWindowTimes, 'to'>, now: number): boolean {
  return ms(window.to) <= now;
}

/** CANCELED once canceled; otherwise ACTIVE from `from` (inclusive) to `to` (exclusive), UPCOMING before, PAST after. */
export function maintenanceWindowState(window: MaintenanceWindowTimes, now: number): MaintenanceWindowState {
  if (window.canceledAt !== null) return 'CANCELED';
  if (isMaintenancePast(window, now)) return 'PAST';
  return ms(window.from) <= now ? 'ACTIVE' : 'UPCOMING';
}

/** Spec: editable only if not canceled and not past. */
export function isMaintenanceEditable(window: MaintenanceWindowTimes, now: number): boolean {
  return window.canceledAt === null && !isMaintenancePast(window, now);
}

/**
 * Spec: cancelable if not canceled; and not once over either (issue 22): canceling a window that has ended
 * changes nothing that happened, it would only rewrite the record of it.
 */
export function isMaintenanceCancelable(window: MaintenanceWindowTimes, now: number): boolean {
  return window.canceledAt === null && !isMaintenancePast(window, now);
}

/** What the console calls each state. */
export const MAINTENANCE_STATE_LABELS: Readonly<Record<MaintenanceWindowState, string>> = {
  ACTIVE: 'Active',
  UPCOMING: 'Upcoming',
  PAST: 'Past',
  CANCELED: 'Canceled',
};

/**
 * The one set of state colours (Mantine colour names) for badges and filters. Active is the blue of the
 * MAINTENANCE_MODE health colour, since an active window is what puts a unit in maintenance mode.
 */
export const MAINTENANCE_STATE_COLOURS: Readonly<Record<MaintenanceWindowState, string>> = {
  ACTIVE: 'blue',
  UPCOMING: 'teal',
  PAST: 'gray',
  CANCELED: 'red',
};
