import type { DiagnoseViewData } from './diagnoseView.ts';

/** What selection needs to know of a shared view (platform-core section 3, Shared view). */
export interface SelectableView {
  sharedViewId: number;
  creatorId: number;
  companyId: number;
  type: 'PERSONAL' | 'PUBLISHED' | 'PROVISIONAL' | 'GLOBAL';
  isDeleted: boolean;
}

export interface ViewUser {
  userId: number;
  companyId: number;
}

/**
 * Spec section 4: a view loads as a draft, with no selected shared view, when it is provisional, personal and
 * another user's, published for another company, or deleted; otherwise it becomes the selected view.
 */
export function loadsAsDraft(view: SelectableView, user: ViewUser): boolean {
  if (view.isDeleted || view.type === 'PROVISIONAL') return true;
  if (view.type === 'PERSONAL') return view.creatorId !== user.userId;
  if (view.type === 'PUBLISHED') return view.companyId !== user.companyId;
  return false;
}

export interface DiagnoseSelection {
  /** The selected shared view; null for a draft. */
  selectedViewId: number | null;
  view: DiagnoseViewData;
  /** Recently selected views, newest first. */
  recent: number[];
}

export const RECENT_VIEWS_LIMIT = 10;

/**
 * Selecting a view replaces groups, layout and threshold asset; the time range and assets only when the view
 * includes them; and moves it to the front of the recent list. A view that loads as a draft is applied the same
 * way but not selected (and not remembered).
 */
export function selectSharedView(
  current: DiagnoseSelection,
  shared: SelectableView & { data: DiagnoseViewData },
  user: ViewUser,
): DiagnoseSelection {
  const data = shared.data;
  const draft = loadsAsDraft(shared, user);
  const view: DiagnoseViewData = {
    ...current.view,
    groups: data.groups,
    layout: data.layout,
    thresholdAsset: data.thresholdAsset,
    statusGanttChartConfig: data.statusGanttChartConfig,
    includeAssets: data.includeAssets,
    includeTimeRange: data.includeTimeRange,
    ...(data.includeTimeRange
      ? {
          fromDate: data.fromDate,
          toDate: data.toDate,
          rangeDisplay: data.rangeDisplay,
          timezone: data.timezone ?? current.view.timezone,
          diagnosePageHistory: [],
        }
      : {}),
    ...(data.includeAssets ? { selectedAssets: data.selectedAssets } : {}),
  };
  if (draft) return { ...current, selectedViewId: null, view };
  const recent = [shared.sharedViewId, ...current.recent.filter((id) => id !== shared.sharedViewId)];
  return { selectedViewId: shared.sharedViewId, view, recent: recent.slice(0, RECENT_VIEWS_LIMIT) };
}

/** Removing the selected view clears the current id; what is on screen stays, as a draft. */
export function clearSelectedView(current: DiagnoseSelection): DiagnoseSelection {
  return { ...current, selectedViewId: null };
}

/** A view that was deleted leaves the recent list too. */
export function forgetSharedView(current: DiagnoseSelection, sharedViewId: number): DiagnoseSelection {
  return {
    ...current,
    selectedViewId: current.selectedViewId === sharedViewId ? null : current.selectedViewId,
    recent: current.recent.filter((id) => id !== sharedViewId),
  };
}

/** Spec: selecting exactly one asset makes it the focused asset. */
export function focusedAsset(selectedAssets: readonly number[]): number | null {
  return selectedAssets.length === 1 ? (selectedAssets[0] ?? null) : null;
}

/** Units one diagnose screen charts together: beyond this a chart's lines can no longer be told apart. */
export const MAX_DIAGNOSE_ASSETS = 12;

/**
 * Adds an asset to the selection or takes it out. The focused asset (the one in the address) stays, first;
 * an addition past MAX_DIAGNOSE_ASSETS is refused (the selection comes back unchanged).
 */
export function toggleSelectedAsset(selected: readonly number[], assetId: number, focused: number): number[] {
  const others = selected.filter((id) => id !== focused);
  if (assetId === focused) return [focused, ...others];
  if (others.includes(assetId)) return [focused, ...others.filter((id) => id !== assetId)];
  if (others.length + 1 >= MAX_DIAGNOSE_ASSETS) return [focused, ...others];
  return [focused, ...others, assetId];
}
