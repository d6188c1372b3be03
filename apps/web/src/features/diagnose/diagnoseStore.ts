import {
  defaultDiagnoseView,
  isRecord,
  savedRange,
  upgradeDiagnoseView,
  type DiagnoseSelection,
  type DiagnoseViewData,
  type TimeRange,
} from '@kelvin/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const DIAGNOSE_STATE_KEY = 'kelvin.diagnose';

/** The view's range fields for a base range chosen now (a relative label, or 'Custom'). */
export function withBaseRange(
  view: DiagnoseViewData,
  range: TimeRange,
  rangeDisplay: string,
): DiagnoseViewData {
  return {
    ...view,
    rangeDisplay,
    fromDate: new Date(range.from).toISOString(),
    toDate: new Date(range.to).toISOString(),
    diagnosePageHistory: [],
  };
}

/**
 * A view as it opens now: a relative range ('Last 1 Hour') is resolved again from now, saved dates are kept when
 * valid, and invalid ones are dropped for the last hour (spec); zoom steps with invalid dates are dropped.
 */
export function refreshRange(view: DiagnoseViewData, now: number): DiagnoseViewData {
  const { range, rangeDisplay } = savedRange(view, now);
  const zooms = view.diagnosePageHistory.filter(
    (entry) => Number.isFinite(Date.parse(entry.fromDate)) && Number.isFinite(Date.parse(entry.toDate)),
  );
  return { ...withBaseRange(view, range, rangeDisplay), diagnosePageHistory: zooms };
}

/** Whatever session storage holds, as a valid selection: the view upgraded and its range refreshed. */
export function restoreDiagnoseState(saved: unknown, now = Date.now()): DiagnoseSelection {
  const raw = isRecord(saved) ? saved : {};
  const selectedViewId =
    typeof raw.selectedViewId === 'number' && Number.isSafeInteger(raw.selectedViewId)
      ? raw.selectedViewId
      : null;
  const recent = Array.isArray(raw.recent)
    ? raw.recent.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id))
    : [];
  const view = raw.view === undefined ? defaultDiagnoseView() : upgradeDiagnoseView(raw.view, 'v4');
  return { selectedViewId, view: refreshRange(view, now), recent };
}

/**
 * The diagnose screen's state, kept per tab in session storage (spec), so that a reload or a link keeps it.
 * Whatever was saved, of whichever schema, goes through restoreDiagnoseState on the way in.
 */
export const useDiagnoseStore = create<DiagnoseSelection>()(
  persist(() => restoreDiagnoseState(undefined), {
    name: DIAGNOSE_STATE_KEY,
    storage: createJSONStorage(() => sessionStorage),
    version: 4,
    merge: (saved) => restoreDiagnoseState(saved),
  }),
);

/** Changes the view of the diagnose state. */
export function updateDiagnoseView(change: (view: DiagnoseViewData) => DiagnoseViewData): void {
  useDiagnoseStore.setState((state) => ({ ...state, view: change(state.view) }));
}
