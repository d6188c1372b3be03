import { contract, type SharedView } from '@kelvin/contract';
import { apiCall } from '../../shared/api/index.ts';

/** The linked view; only diagnose views are navigated to from a link. */
export type LinkedSharedView = Pick<SharedView, 'sharedViewId' | 'context'>;

export const UNABLE_TO_LOAD_VIEW = 'Unable to load view.';
export const UNABLE_TO_AUTHENTICATE = 'Unable to authenticate';

/** Spec: the shared-view id of a link must be numeric. */
export function parseSharedViewId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

/** Fetches the linked view (POST sharedViews.get); a view the user may not see answers 404. */
export function fetchLinkedSharedView(sharedViewId: number): Promise<SharedView> {
  return apiCall(contract.sharedViewsGet, { body: { sharedViewId } });
}

/**
 * Loads a diagnose view into the diagnose state. The diagnose state does not exist yet; the diagnose issue
 * fills this in. Metrics-context views are loaded without navigation (spec).
 */
export function loadSharedViewState(view: LinkedSharedView): { navigateTo: string | null } {
  return { navigateTo: view.context === 'DIAGNOSE' ? '/user/diagnose' : null };
}
