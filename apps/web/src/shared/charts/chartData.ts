import uPlot from 'uplot';

/** One line of a chart, as the time-series call answers it. */
export interface ChartSeries {
  /** Stable across refreshes (asset and metric), so that a hidden series stays hidden. */
  key: string;
  label: string;
  timestamps: readonly number[];
  /** null marks a gap (no data in that interval): drawn as a break, never as a line across. */
  values: readonly (number | null)[];
  /** Step and enum metrics hold their value until the next reading. */
  step: boolean;
  /** An overlay of an earlier period, drawn dashed. */
  dashed?: boolean;
  color: string;
  /** The series' own value format (its metric's units and decimals); the chart's axis format otherwise. */
  format?: (value: number | null) => string;
  /** Whole states (an enum's, a boolean's): a mean between two states names none, so the legend leaves it out. */
  states?: boolean;
}

/** uPlot's join mode that widens a series' own null to the alignment holes around it. */
const NULL_EXPAND = 2;

/**
 * uPlot's table: one x column shared by every series. Series are joined on their timestamps; a timestamp one
 * series lacks becomes `undefined` (connected over). The series' own nulls (gap fill) are widened over the
 * holes next to them: otherwise the line would run across a gap, broken only at each gap-fill point.
 */
export function alignSeries(series: readonly ChartSeries[]): uPlot.AlignedData {
  if (series.length === 0) return [[]];
  const tables: uPlot.AlignedData[] = series.map((one) => [
    Array.from(one.timestamps),
    Array.from(one.values),
  ]);
  return uPlot.join(
    tables,
    series.map(() => [0, NULL_EXPAND]),
  );
}

export interface SeriesStats {
  min: number | null;
  max: number | null;
  mean: number | null;
  last: number | null;
}

/** The legend's figures over what the chart shows; gaps do not count. */
export function seriesStats(values: readonly (number | null)[]): SeriesStats {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  let last: number | null = null;
  for (const value of values) {
    if (value === null || !Number.isFinite(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    count++;
    last = value;
  }
  return count === 0
    ? { min: null, max: null, mean: null, last: null }
    : { min, max, mean: sum / count, last };
}
