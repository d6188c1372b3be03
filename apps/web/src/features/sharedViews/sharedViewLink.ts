/** Spec: shared-view contexts; only diagnose views are navigated to from a link. */
export type SharedViewContext = 'LOGS' | 'METRICS' | 'DIAGNOSE' | 'NONE';

export interface LinkedSharedView {
  sharedViewId: number;
  context: SharedViewContext;
}

export const UNABLE_TO_LOAD_VIEW = 'Unable to load view.';
export const UNABLE_TO_AUTHENTICATE = 'Unable to authenticate';

/** Spec: the shared-view id of a link must be numeric. */
export function parseSharedViewId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Fetches the linked view (POST sharedViews.get). The shared-views API does not exist yet, so this fails
 * with the spec's message; the shared-views issue fills it in with `apiCall(contract.sharedViewsGet, ...)`.
 */
export function fetchLinkedSharedView(sharedViewId: number): Promise<LinkedSharedView> {
  return Promise.reject(new Error(`${UNABLE_TO_LOAD_VIEW} (shared view ${sharedViewId})`));
}

/**
 * Loads a diagnose view into the diagnose state. The diagnose state does not exist yet; the diagnose issue
 * fills this in. Metrics-context views are loaded without navigation (spec).
 */
export function loadSharedViewState(view: LinkedSharedView): { navigateTo: string | null } {
  return { navigateTo: view.context === 'DIAGNOSE' ? '/user/diagnose' : null };
}
