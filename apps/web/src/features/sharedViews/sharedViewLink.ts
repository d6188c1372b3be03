import { type SharedView } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import type { ViewUser } from '@kelvin/domain';
import { apiCall } from '../../shared/api/index.ts';
import { openLogsView } from '../deviceLogs/deviceLogsStore.ts';
import { useDiagnoseStore } from '../diagnose/diagnoseStore.ts';
import { applyDiagnoseView, diagnosePath } from './diagnoseViews.ts';

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
 * Loads a diagnose view into the diagnose state by the selection rules and answers where it shows: the focused
 * asset's metrics page, or diagnose. Metrics-context views are loaded without navigation (spec). A logs view goes
 * to its unit's logs tab (deviceLogsStore.openLogsView).
 */
export function loadSharedViewState(view: SharedView, user: ViewUser): { navigateTo: string | null } {
  if (view.context === 'LOGS') return openLogsView(view, user);
  if (view.context !== 'DIAGNOSE') return { navigateTo: null };
  useDiagnoseStore.setState((state) => applyDiagnoseView(state, view, user));
  return { navigateTo: diagnosePath(useDiagnoseStore.getState().view) };
}
