import { describe, expect, it } from 'vitest';
import { metricsViewToDiagnose, upgradeMetricsView } from './metricsView.ts';

const stored = {
  includeAssets: true,
  includeTimeRange: true,
  aliases: ['temperature.supplyAir', 'fan.1.speed'],
  fromDate: '2026-11-01T00:00:00.000Z',
  toDate: '2026-11-01T06:00:00.000Z',
  rangeDisplay: 'Custom',
  combinedView: true,
  showThresholds: true,
  thresholdAsset: 7,
  showRawData: true,
  showStackedCharts: true,
  assetIds: [3, 4],
};

describe('metrics views', () => {
  it('upgrade version 1 to 2 with stacked charts off', () => {
    expect(upgradeMetricsView(stored, '1').showStackedCharts).toBe(false);
    expect(upgradeMetricsView(stored, '2')).toEqual(stored);
  });

  it('convert to a diagnose view with an alert Gantt group and one combined group', () => {
    const view = metricsViewToDiagnose(upgradeMetricsView(stored, '2'));
    expect(view.groups.map((group) => [group.type, group.name, group.aliases])).toEqual([
      ['alertGantt', 'Alert Gantt Chart', []],
      ['chart', 'Metrics', ['temperature.supplyAir', 'fan.1.speed']],
    ]);
    expect(view.groups[1]).toMatchObject({ showRawData: true, showStackedCharts: true });
    expect(view).toMatchObject({
      fromDate: stored.fromDate,
      toDate: stored.toDate,
      selectedAssets: [3, 4],
      thresholdAsset: 7,
      includeAssets: true,
      includeTimeRange: true,
    });
    expect(view.layout.map((item) => item.i)).toEqual(view.groups.map((group) => group.id));
  });

  it('convert to one group per alias when the view was not combined', () => {
    const view = metricsViewToDiagnose(upgradeMetricsView({ ...stored, combinedView: false }, '2'));
    expect(view.groups.map((group) => [group.type, group.name, group.aliases])).toEqual([
      ['alertGantt', 'Alert Gantt Chart', []],
      ['chart', 'temperature.supplyAir', ['temperature.supplyAir']],
      ['chart', 'fan.1.speed', ['fan.1.speed']],
    ]);
    expect(new Set(view.layout.map((item) => item.y)).size).toBe(3);
  });
});
