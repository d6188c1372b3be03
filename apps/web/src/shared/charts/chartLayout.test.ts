import { describe, expect, it } from 'vitest';
import {
  chartLayout,
  LEGEND_BESIDE_MAX_PX,
  LEGEND_BESIDE_MIN_PX,
  LEGEND_GAP_PX,
  MIN_PLOT_PX,
} from './chartLayout.ts';

describe('chartLayout', () => {
  it('puts a short legend under the plot, the plot taking the rest', () => {
    expect(chartLayout(1200, 320, 3)).toEqual({
      legend: 'below',
      plotWidth: 1200,
      plotHeight: 320 - 4 * 26 - 8,
      legendHeight: undefined,
      legendWidth: undefined,
    });
  });

  it('puts the legend of 17 series beside a wide plot, which keeps the whole height', () => {
    const layout = chartLayout(1000, 280, 17);
    expect(layout).toEqual({
      legend: 'beside',
      plotWidth: 1000 - 400 - LEGEND_GAP_PX,
      plotHeight: 280,
      legendHeight: 280,
      legendWidth: 400,
    });
    // The column keeps to its bounds on a narrower or a very wide chart.
    expect(chartLayout(760, 280, 17).legendWidth).toBe(LEGEND_BESIDE_MIN_PX);
    expect(chartLayout(2400, 280, 17).legendWidth).toBe(LEGEND_BESIDE_MAX_PX);
  });

  it('keeps a readable plot on a narrow chart and lists every series under it in full', () => {
    const layout = chartLayout(360, 300, 17);
    expect(layout.legend).toBe('below');
    expect(layout.plotHeight).toBe(MIN_PLOT_PX);
    // No cap: the legend lists all 17 rows and the chart's container scrolls.
    expect(layout.legendHeight).toBeUndefined();
  });

  it('never squeezes the plot below its minimum, however little height there is', () => {
    for (const rows of [0, 1, 5, 40]) {
      for (const width of [320, 800, 1600]) {
        expect(chartLayout(width, 60, rows).plotHeight).toBeGreaterThanOrEqual(MIN_PLOT_PX);
      }
    }
  });
});
