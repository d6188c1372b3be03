import { describe, expect, it } from 'vitest';
import {
  defaultDiagnoseView,
  layoutItemBelow,
  newGroup,
  schemaVersion,
  upgradeDiagnoseView,
} from './diagnoseView.ts';

/** A view as schema v1 stored it: groups without stacked charts or aggregations, no threshold asset. */
const v1 = {
  timezone: 'Europe/Berlin',
  fromDate: '2026-11-01T00:00:00.000Z',
  toDate: '2026-11-02T00:00:00.000Z',
  rangeDisplay: 'Custom',
  selectedAssets: [12, 13],
  groups: [
    { id: 'a', name: 'Alerts', type: 'alertGantt', aliases: [] },
    {
      id: 'b',
      name: 'Temperatures',
      type: 'chart',
      aliases: ['temperature.supplyAir', 'temperature.returnAir'],
    },
  ],
  layout: [
    { i: 'a', x: 0, y: 0, w: 12, h: 4, minH: 3 },
    { i: 'b', x: 0, y: 4, w: 6, h: 8, minH: 4 },
  ],
  includeAssets: true,
  includeTimeRange: true,
};

describe('the default diagnose view', () => {
  it('is an Alert Gantt Chart group above a Metrics group, over the last hour', () => {
    const view = defaultDiagnoseView();
    expect(view.groups.map((group) => [group.name, group.type])).toEqual([
      ['Alert Gantt Chart', 'alertGantt'],
      ['Metrics', 'chart'],
    ]);
    expect(view.layout).toEqual([
      { i: 'alert-gantt', x: 0, y: 0, w: 12, h: 5, minH: 3 },
      { i: 'metrics', x: 0, y: 5, w: 12, h: 9, minH: 4 },
    ]);
    expect(view.rangeDisplay).toBe('Last 1 Hour');
    expect(view.thresholdAsset).toBeNull();
  });
});

describe('diagnose schema upgrades', () => {
  it('reads schema versions written as v4 or 4, and anything else as 0', () => {
    expect([
      schemaVersion('v4'),
      schemaVersion('2'),
      schemaVersion('v0'),
      schemaVersion('x'),
      schemaVersion(null),
    ]).toEqual([4, 2, 0, 0, 0]);
  });

  it('takes v1 to v4: stacked charts off, AVERAGE per alias, no threshold asset', () => {
    const view = upgradeDiagnoseView({ ...v1, thresholdAsset: 99 }, 'v1');
    expect(view.groups[1]).toEqual({
      id: 'b',
      name: 'Temperatures',
      type: 'chart',
      aliases: ['temperature.supplyAir', 'temperature.returnAir'],
      aliasToAggregationFunction: { 'temperature.supplyAir': 'AVERAGE', 'temperature.returnAir': 'AVERAGE' },
      showRawData: false,
      showStackedCharts: false,
    });
    // v4 added the threshold asset: whatever a v1 view held there is not one.
    expect(view.thresholdAsset).toBeNull();
    expect(view.layout[1]).toEqual({ i: 'b', x: 0, y: 4, w: 6, h: 8, minH: 4 });
    expect(view.selectedAssets).toEqual([12, 13]);
  });

  it('keeps what later schemas hold: v2 stacked charts, v3 aggregations, v4 threshold asset', () => {
    const group = { ...v1.groups[1], showStackedCharts: true };
    expect(upgradeDiagnoseView({ ...v1, groups: [group] }, 'v2').groups[0]?.showStackedCharts).toBe(true);
    const v3Group = { ...group, aliasToAggregationFunction: { 'temperature.supplyAir': 'MAX' } };
    const v3 = upgradeDiagnoseView({ ...v1, groups: [v3Group] }, 'v3');
    expect(v3.groups[0]?.aliasToAggregationFunction).toEqual({
      'temperature.supplyAir': 'MAX',
      'temperature.returnAir': 'AVERAGE',
    });
    expect(v3.thresholdAsset).toBeNull();
    expect(upgradeDiagnoseView({ ...v1, thresholdAsset: 99 }, 'v4').thresholdAsset).toBe(99);
  });

  it('opens malformed data with defaults rather than failing', () => {
    const view = upgradeDiagnoseView(
      {
        groups: [{ type: 'pie', aliases: ['x', 3], aliasToAggregationFunction: { x: 'MEDIAN' } }],
        layout: 'none',
        selectedAssets: [1, -2, 'three', 1.5],
        fromDate: 17,
        statusGanttChartConfig: { viewByStatus: true, appliedStatusFilters: ['ALARM', 2] },
      },
      'v4',
    );
    expect(view.groups).toEqual([
      { ...newGroup('group-1', 'chart', 'Group 1', ['x']), aliasToAggregationFunction: { x: 'AVERAGE' } },
    ]);
    expect(view.layout).toEqual([{ i: 'group-1', x: 0, y: 0, w: 12, h: 9, minH: 4 }]);
    expect(view.selectedAssets).toEqual([1]);
    expect(view.fromDate).toBeNull();
    expect(view.statusGanttChartConfig).toEqual({ viewByStatus: true, appliedStatusFilters: ['ALARM'] });
    expect(upgradeDiagnoseView(null, undefined)).toEqual({ ...defaultDiagnoseView(), thresholdAsset: null });
  });

  it('drops layout items of groups that are gone and places forgotten groups below the rest', () => {
    const view = upgradeDiagnoseView(
      { ...v1, layout: [{ i: 'gone', x: 0, y: 0, w: 12, h: 4, minH: 3 }, v1.layout[1]] },
      'v4',
    );
    expect(view.layout).toEqual([
      { i: 'b', x: 0, y: 4, w: 6, h: 8, minH: 4 },
      { i: 'a', x: 0, y: 12, w: 12, h: 5, minH: 3 },
    ]);
    expect(layoutItemBelow([], newGroup('t', 'table', 'T'))).toEqual({
      i: 't',
      x: 0,
      y: 0,
      w: 12,
      h: 9,
      minH: 4,
    });
  });
});
