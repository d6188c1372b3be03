/** The least height of a plot, axes included: below it lines of a day cannot be told apart. */
export const MIN_PLOT_PX = 200;
/** A legend row (a series and its min, max, mean, last); the header is one more. */
export const LEGEND_ROW_PX = 26;
/** From this width on, a long legend stands beside the plot instead of under it. */
export const LEGEND_BESIDE_FROM_PX = 720;
/** A legend beside the plot takes about 40% of the chart, within these bounds. */
export const LEGEND_BESIDE_MIN_PX = 320;
export const LEGEND_BESIDE_MAX_PX = 480;
export const LEGEND_GAP_PX = 8;

export interface ChartLayout {
  /** Where the legend goes: under the plot, or in a column to its right. */
  legend: 'below' | 'beside';
  plotWidth: number;
  plotHeight: number;
  /** The most the legend may take before it scrolls; undefined: all of its rows. */
  legendHeight: number | undefined;
  /** The legend column's width beside the plot; undefined below it (the chart's width). */
  legendWidth: number | undefined;
}

/**
 * How a chart shares `height` pixels between its plot and a legend of `rows` series. The plot never goes below
 * MIN_PLOT_PX, and the legend always lists every series: a legend that would push the plot under 60% of the height
 * stands beside the plot when the chart is wide (scrolling within the plot's height), and under it otherwise, in
 * full, the chart then taller than `height` (its container scrolls).
 */
export function chartLayout(width: number, height: number, rows: number): ChartLayout {
  const legendPx = rows === 0 ? 0 : (rows + 1) * LEGEND_ROW_PX + LEGEND_GAP_PX;
  const plotBelow = Math.max(MIN_PLOT_PX, height - legendPx);
  const fitsBelow = height - legendPx >= Math.max(MIN_PLOT_PX, height * 0.6);
  if (!fitsBelow && width >= LEGEND_BESIDE_FROM_PX) {
    const plotHeight = Math.max(MIN_PLOT_PX, height);
    const legendWidth = Math.round(
      Math.min(LEGEND_BESIDE_MAX_PX, Math.max(LEGEND_BESIDE_MIN_PX, width * 0.4)),
    );
    return {
      legend: 'beside',
      plotWidth: width - legendWidth - LEGEND_GAP_PX,
      plotHeight,
      legendHeight: plotHeight,
      legendWidth,
    };
  }
  return {
    legend: 'below',
    plotWidth: width,
    plotHeight: plotBelow,
    legendHeight: undefined,
    legendWidth: undefined,
  };
}
