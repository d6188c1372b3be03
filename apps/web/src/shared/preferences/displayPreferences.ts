import { useSyncExternalStore } from 'react';
import type { UserPreferences } from '@kelvin/contract';
import { DEFAULT_UNITS_PROFILE, type UnitsProfile } from '@kelvin/domain';
import { browserTimeZone } from '../formatting/dateTime.ts';

/**
 * The signed-in user's display preferences (time zone, units profile, demo mode), as the preferences query last
 * read or saved them. Kept here, outside React's tree, so that a table cell or a chart's tick formatter reads them
 * without asking the server or subscribing one query observer per cell; components that draw them subscribe with
 * the hooks below and redraw when the user changes one.
 */
export interface DisplayPreferences {
  /** Null follows the browser's own zone. */
  timeZoneId: string | null;
  unitsProfile: UnitsProfile;
  demoMode: boolean;
}

const defaults: DisplayPreferences = {
  timeZoneId: null,
  unitsProfile: DEFAULT_UNITS_PROFILE,
  demoMode: false,
};

let current: DisplayPreferences = defaults;
const listeners = new Set<() => void>();

/** Takes the preferences the server answered; fields an older server leaves out read as their defaults. */
export function applyDisplayPreferences(preferences: Partial<UserPreferences> | undefined): void {
  const next: DisplayPreferences = {
    timeZoneId: preferences?.timeZoneId ?? null,
    unitsProfile: preferences?.unitsProfile ?? DEFAULT_UNITS_PROFILE,
    demoMode: preferences?.demoMode ?? false,
  };
  if (
    next.timeZoneId === current.timeZoneId &&
    next.unitsProfile === current.unitsProfile &&
    next.demoMode === current.demoMode
  )
    return;
  current = next;
  for (const listener of listeners) listener();
}

/** Back to the defaults (signing out, and between tests). */
export function resetDisplayPreferences(): void {
  applyDisplayPreferences(undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone the console shows times in: the user's chosen zone, else the browser's. */
export function userTimeZone(): string {
  return current.timeZoneId ?? browserTimeZone();
}

/** The units profile values are shown in. */
export function userUnitsProfile(): UnitsProfile {
  return current.unitsProfile;
}

/** Whether company, site and asset names are masked. */
export function demoModeOn(): boolean {
  return current.demoMode;
}

/** The user's zone, redrawing the component when the user chooses another. */
export function useUserTimeZone(): string {
  return useSyncExternalStore(subscribe, userTimeZone, userTimeZone);
}

/** The user's units profile, redrawing the component when the user chooses another. */
export function useUnitsProfile(): UnitsProfile {
  return useSyncExternalStore(subscribe, userUnitsProfile, userUnitsProfile);
}

/** Whether demo mode is on, redrawing the component when it is switched. */
export function useDemoMode(): boolean {
  return useSyncExternalStore(subscribe, demoModeOn, demoModeOn);
}
