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
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

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
 * Spec: state is saved to session and local storage. A tab keeps its own (session storage, so two tabs can look
 * at different units); a new tab starts from the last one saved in any tab (local storage).
 */
export function sessionThenLocal(session: Storage, local: Storage): StateStorage {
  return {
    getItem: (name) => session.getItem(name) ?? local.getItem(name),
    setItem: (name, value) => {
      session.setItem(name, value);
      local.setItem(name, value);
    },
    removeItem: (name) => {
      session.removeItem(name);
      local.removeItem(name);
    },
  };
}

/**
 * The diagnose screen's state, kept per tab and per browser (see sessionThenLocal), so that a reload, a new tab
 * or a link keeps it. Whatever was saved, of whichever schema, goes through restoreDiagnoseState on the way in.
 */
export const useDiagnoseStore = create<DiagnoseSelection>()(
  persist(() => restoreDiagnoseState(undefined), {
    name: DIAGNOSE_STATE_KEY,
    storage: createJSONStorage(() => sessionThenLocal(sessionStorage, localStorage)),
    version: 4,
    merge: (saved) => restoreDiagnoseState(saved),
  }),
);

/** Changes the view of the diagnose state. */
export function updateDiagnoseView(change: (view: DiagnoseViewData) => DiagnoseViewData): void {
  useDiagnoseStore.setState((state) => ({ ...state, view: change(state.view) }));
}

/** On sign-out: the next user of this browser starts from the default view, not from this user's units. */
export function forgetDiagnoseState(): void {
  useDiagnoseStore.persist.clearStorage();
  useDiagnoseStore.setState(restoreDiagnoseState(undefined));
}
