import { isRecord } from '@kelvin/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sessionThenLocal } from '../diagnose/diagnoseStore.ts';

export const OVERVIEW_STATE_KEY = 'kelvin.overview';

/**
 * How tiles are coloured. 'Device State' is the spec's default (health from assets.state.list); 'Device Status'
 * shows the worst status bit among the unit's current readings; 'Custom Metric' one chosen metric's value on a
 * scale. The spec keeps a 'show experimental' flag without saying what it shows: we mark the custom metric mode
 * experimental (a colour scale over whatever a metric reads is easy to misread), so the flag offers it.
 */
export const OVERVIEW_VIEW_MODES = ['Device State', 'Device Status', 'Custom Metric'] as const;
export type OverviewViewMode = (typeof OVERVIEW_VIEW_MODES)[number];
export const EXPERIMENTAL_VIEW_MODES: readonly OverviewViewMode[] = ['Custom Metric'];

/** Spec: the overview's state: view mode, device names, experimental, legend, custom metric, companies, sidebar. */
export interface OverviewState {
  viewMode: OverviewViewMode;
  showDeviceNames: boolean;
  showExperimental: boolean;
  showLegend: boolean;
  customMetricId: number | null;
  /** Empty: every company the user may see. */
  selectedCompanyIds: number[];
  sidebarCollapsed: boolean;
}

export const DEFAULT_OVERVIEW_STATE: OverviewState = {
  viewMode: 'Device State',
  showDeviceNames: true,
  showExperimental: false,
  showLegend: true,
  customMetricId: null,
  selectedCompanyIds: [],
  sidebarCollapsed: false,
};

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Whatever storage holds, as a valid state: each field checked on its own, so that one bad field (an old
 * version, a hand edit) falls back to its default without losing the others. An experimental mode saved while
 * experiments were shown stays only while they still are.
 */
export function restoreOverviewState(saved: unknown): OverviewState {
  const raw = isRecord(saved) ? saved : {};
  const d = DEFAULT_OVERVIEW_STATE;
  const showExperimental = flag(raw.showExperimental, d.showExperimental);
  const mode = OVERVIEW_VIEW_MODES.find((candidate) => candidate === raw.viewMode) ?? d.viewMode;
  const viewMode = !showExperimental && EXPERIMENTAL_VIEW_MODES.includes(mode) ? d.viewMode : mode;
  return {
    viewMode,
    showDeviceNames: flag(raw.showDeviceNames, d.showDeviceNames),
    showExperimental,
    showLegend: flag(raw.showLegend, d.showLegend),
    customMetricId: isId(raw.customMetricId) ? raw.customMetricId : null,
    selectedCompanyIds: Array.isArray(raw.selectedCompanyIds)
      ? [...new Set(raw.selectedCompanyIds.filter(isId))]
      : [],
    sidebarCollapsed: flag(raw.sidebarCollapsed, d.sidebarCollapsed),
  };
}

/** The view modes offered: the experimental ones only when asked for. */
export function offeredViewModes(showExperimental: boolean): OverviewViewMode[] {
  return OVERVIEW_VIEW_MODES.filter((mode) => showExperimental || !EXPERIMENTAL_VIEW_MODES.includes(mode));
}

/** Kept per tab and per browser like the diagnose state (spec: saved to session and local storage). */
export const useOverviewStore = create<OverviewState>()(
  persist(() => DEFAULT_OVERVIEW_STATE, {
    name: OVERVIEW_STATE_KEY,
    storage: createJSONStorage(() => sessionThenLocal(sessionStorage, localStorage)),
    version: 1,
    merge: (saved) => restoreOverviewState(saved),
  }),
);

export function updateOverview(change: Partial<OverviewState>): void {
  useOverviewStore.setState((state) => restoreOverviewState({ ...state, ...change }));
}

/** On sign-out: the next user of this browser starts from the defaults, not from this user's companies. */
export function forgetOverviewState(): void {
  // Reset first: setting the state saves it, and the storage must be left empty.
  useOverviewStore.setState(DEFAULT_OVERVIEW_STATE);
  useOverviewStore.persist.clearStorage();
}
