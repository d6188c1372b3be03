import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERVIEW_STATE,
  forgetOverviewState,
  offeredViewModes,
  OVERVIEW_STATE_KEY,
  restoreOverviewState,
  updateOverview,
  useOverviewStore,
} from './overviewStore.ts';
import { chooseOneMetric } from './OverviewOptions.tsx';

describe('overview state', () => {
  it("starts in the spec's 'Device State' view mode, legend and names shown, every company", () => {
    expect(restoreOverviewState(undefined)).toEqual(DEFAULT_OVERVIEW_STATE);
    expect(DEFAULT_OVERVIEW_STATE.viewMode).toBe('Device State');
  });

  it('restores each valid field and drops each bad one on its own', () => {
    expect(
      restoreOverviewState({
        viewMode: 'Device Status',
        showDeviceNames: false,
        showExperimental: 'yes',
        showLegend: false,
        customMetricId: -4,
        selectedCompanyIds: [3, 3, 'x', 2.5, 4],
        sidebarCollapsed: true,
      }),
    ).toEqual({
      viewMode: 'Device Status',
      showDeviceNames: false,
      showExperimental: false,
      showLegend: false,
      customMetricId: null,
      selectedCompanyIds: [3, 4],
      sidebarCollapsed: true,
    });
    expect(restoreOverviewState({ viewMode: 'Heat map' }).viewMode).toBe('Device State');
  });

  it('offers the custom metric mode only with experiments shown, and leaves it when they are hidden', () => {
    expect(offeredViewModes(false)).toEqual(['Device State', 'Device Status']);
    expect(offeredViewModes(true)).toContain('Custom Metric');
    expect(restoreOverviewState({ viewMode: 'Custom Metric', showExperimental: true }).viewMode).toBe(
      'Custom Metric',
    );
    expect(restoreOverviewState({ viewMode: 'Custom Metric' }).viewMode).toBe('Device State');
  });

  it('keeps changes in session and local storage, and forgets them on sign-out', () => {
    updateOverview({ viewMode: 'Device Status', selectedCompanyIds: [3] });
    for (const storage of [sessionStorage, localStorage]) {
      const saved: unknown = JSON.parse(storage.getItem(OVERVIEW_STATE_KEY) ?? 'null');
      expect(saved).toMatchObject({ state: { viewMode: 'Device Status', selectedCompanyIds: [3] } });
    }
    forgetOverviewState();
    expect(useOverviewStore.getState()).toEqual(DEFAULT_OVERVIEW_STATE);
    expect(sessionStorage.getItem(OVERVIEW_STATE_KEY)).toBeNull();
    expect(localStorage.getItem(OVERVIEW_STATE_KEY)).toBeNull();
  });

  it('keeps one custom metric: a newly checked one replaces the current', () => {
    expect(chooseOneMetric(null, [5])).toBe(5);
    expect(chooseOneMetric(5, [5, 9])).toBe(9);
    expect(chooseOneMetric(5, [])).toBeNull();
    expect(chooseOneMetric(5, [5])).toBe(5);
  });
});
