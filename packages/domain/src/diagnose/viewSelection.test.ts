import { describe, expect, it } from 'vitest';
import { defaultDiagnoseView, newGroup, stackedLayout } from './diagnoseView.ts';
import {
  clearSelectedView,
  focusedAsset,
  forgetSharedView,
  loadsAsDraft,
  MAX_DIAGNOSE_ASSETS,
  RECENT_VIEWS_LIMIT,
  selectSharedView,
  toggleSelectedAsset,
  type DiagnoseSelection,
  type SelectableView,
} from './viewSelection.ts';

const me = { userId: 1, companyId: 10 };
const view = (overrides: Partial<SelectableView>): SelectableView => ({
  sharedViewId: 5,
  creatorId: 1,
  companyId: 10,
  type: 'PERSONAL',
  isDeleted: false,
  ...overrides,
});

describe('loadsAsDraft', () => {
  it('selects own personal views, published views of the company and global views', () => {
    expect(loadsAsDraft(view({}), me)).toBe(false);
    expect(loadsAsDraft(view({ type: 'PUBLISHED', creatorId: 2 }), me)).toBe(false);
    expect(loadsAsDraft(view({ type: 'GLOBAL', creatorId: 2, companyId: 20 }), me)).toBe(false);
  });

  it('loads as a draft a provisional view, another user`s personal one, another company`s published one, a deleted one', () => {
    expect(loadsAsDraft(view({ type: 'PROVISIONAL' }), me)).toBe(true);
    expect(loadsAsDraft(view({ creatorId: 2 }), me)).toBe(true);
    expect(loadsAsDraft(view({ type: 'PUBLISHED', companyId: 20 }), me)).toBe(true);
    expect(loadsAsDraft(view({ isDeleted: true }), me)).toBe(true);
  });
});

describe('selectSharedView', () => {
  const current: DiagnoseSelection = {
    selectedViewId: null,
    view: { ...defaultDiagnoseView(), selectedAssets: [1], rangeDisplay: 'Last 6 Hours', timezone: 'UTC' },
    recent: [3, 4],
  };
  const groups = [newGroup('t', 'table', 'Table', ['x'])];
  const data = {
    ...defaultDiagnoseView(),
    groups,
    layout: stackedLayout(groups),
    thresholdAsset: 9,
    selectedAssets: [7, 8],
    rangeDisplay: 'Last 7 Days',
    timezone: 'Asia/Tokyo',
  };

  it('replaces groups, layout and threshold asset, keeping range and assets the view does not include', () => {
    const next = selectSharedView(current, { ...view({}), data }, me);
    expect(next.selectedViewId).toBe(5);
    expect(next.view.groups).toBe(groups);
    expect(next.view.layout).toEqual(data.layout);
    expect(next.view.thresholdAsset).toBe(9);
    expect(next.view.selectedAssets).toEqual([1]);
    expect(next.view.rangeDisplay).toBe('Last 6 Hours');
    expect(next.recent).toEqual([5, 3, 4]);
  });

  it('takes the time range and assets when the view includes them', () => {
    const included = { ...data, includeAssets: true, includeTimeRange: true };
    const next = selectSharedView(current, { ...view({ sharedViewId: 4 }), data: included }, me);
    expect(next.view).toMatchObject({
      selectedAssets: [7, 8],
      rangeDisplay: 'Last 7 Days',
      timezone: 'Asia/Tokyo',
    });
    expect(next.recent).toEqual([4, 3]);
  });

  it('applies a draft without selecting or remembering it', () => {
    const next = selectSharedView(current, { ...view({ type: 'PROVISIONAL' }), data }, me);
    expect(next.selectedViewId).toBeNull();
    expect(next.view.groups).toBe(groups);
    expect(next.recent).toEqual([3, 4]);
  });

  it('keeps at most ten recent views', () => {
    let state = current;
    for (let id = 100; id < 100 + RECENT_VIEWS_LIMIT + 3; id++) {
      state = selectSharedView(state, { ...view({ sharedViewId: id }), data }, me);
    }
    expect(state.recent).toHaveLength(RECENT_VIEWS_LIMIT);
    expect(state.recent[0]).toBe(112);
  });

  it('clears the current id when a view is removed, and forgets a deleted one', () => {
    const selected = selectSharedView(current, { ...view({}), data }, me);
    expect(clearSelectedView(selected)).toEqual({ ...selected, selectedViewId: null });
    expect(forgetSharedView(selected, 5)).toEqual({ ...selected, selectedViewId: null, recent: [3, 4] });
  });
});

describe('focusedAsset', () => {
  it('is the one selected asset, and none for zero or several', () => {
    expect(focusedAsset([42])).toBe(42);
    expect(focusedAsset([])).toBeNull();
    expect(focusedAsset([1, 2])).toBeNull();
  });
});

describe('toggleSelectedAsset', () => {
  it('adds and removes assets beside the focused one, which stays first', () => {
    expect(toggleSelectedAsset([7], 9, 7)).toEqual([7, 9]);
    expect(toggleSelectedAsset([7, 9, 4], 9, 7)).toEqual([7, 4]);
    expect(toggleSelectedAsset([9, 7], 7, 7)).toEqual([7, 9]);
    expect(toggleSelectedAsset([], 3, 7)).toEqual([7, 3]);
  });

  it('refuses an asset past the limit', () => {
    const full = Array.from({ length: MAX_DIAGNOSE_ASSETS }, (_, index) => index + 1);
    expect(toggleSelectedAsset(full, 99, 1)).toEqual(full);
  });
});
