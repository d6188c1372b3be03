import type uPlot from 'uplot';

/**
 * The value axis' font, set on the axis so that its labels are measured in the font they are drawn in (uPlot's
 * own default, spelled out).
 */
export const VALUE_AXIS_FONT =
  '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
/** uPlot's defaults for a value axis: tick length and the gap between tick and label. */
const TICK_SIZE = 10;
const GAP = 5;
/** Room beside the widest label, so that it does not touch the canvas' edge. */
const EDGE = 4;
/** An axis of short labels ('0', '1') keeps this width, so that the plot does not jump as values change. */
const MIN_SIZE = 40;

/**
 * The axis' width in CSS pixels: its widest tick label plus tick and gap. uPlot asks while it lays out the plot
 * (labels null the first time, before any scale is known).
 */
export function valueAxisSize(labels: readonly string[] | null, measure: (text: string) => number): number {
  let widest = 0;
  for (const label of labels ?? []) widest = Math.max(widest, measure(label));
  return Math.max(MIN_SIZE, Math.ceil(TICK_SIZE + GAP + widest + EDGE));
}

/**
 * Where an axis of whole values (an enum's) ticks: only at those values inside the scale, never between two
 * (0.5 has no label). Where they do not all fit, every n-th, n being uPlot's own increment for the space.
 */
export function wholeValueSplits(
  values: readonly number[],
  scaleMin: number,
  scaleMax: number,
  foundIncr: number,
): number[] {
  const inside = [...new Set(values)]
    .filter((value) => value >= scaleMin && value <= scaleMax)
    .sort((a, b) => a - b);
  const every = Math.max(1, Math.ceil(foundIncr));
  return inside.filter((_, index) => index % every === 0);
}

/** What measuring needs of a canvas: a plot's 2D context is one. */
export interface TextCanvas {
  font: string;
  measureText(text: string): { readonly width: number };
}

/**
 * The width of a text in the value axis' font, measured on a canvas (the plot's own), whose font is put back for
 * what uPlot draws next.
 */
export function measureIn(canvas: TextCanvas): (text: string) => number {
  return (text) => {
    const font = canvas.font;
    canvas.font = VALUE_AXIS_FONT;
    const width = canvas.measureText(text).width;
    canvas.font = font;
    return width;
  };
}

export interface ValueAxisInput {
  style: uPlot.Axis;
  /** Whether the axis ticks only at whole values (read from `latest` at each layout, which ones). */
  wholeValues: boolean;
  /** Read at each layout: the newest format and whole values, without rebuilding the plot for them. */
  latest: {
    readonly current: {
      formatValue: (value: number | null) => string;
      valueTicks?: readonly number[] | undefined;
    };
  };
}

/**
 * The value axis of every chart: labels in the chart's format, as wide as its widest label (a fixed 64 px cut
 * '-0.115 iwg'), and for whole-value metrics ticks only at their values; otherwise uPlot's own nice numbers.
 */
export function valueAxisOptions({ style, wholeValues, latest }: ValueAxisInput): uPlot.Axis {
  return {
    ...style,
    font: VALUE_AXIS_FONT,
    gap: GAP,
    ticks: { ...style.ticks, size: TICK_SIZE },
    size: (plot, labels) => valueAxisSize(labels, measureIn(plot.ctx)),
    ...(wholeValues
      ? {
          splits: (_plot: uPlot, _axis: number, scaleMin: number, scaleMax: number, foundIncr: number) =>
            wholeValueSplits(latest.current.valueTicks ?? [], scaleMin, scaleMax, foundIncr),
        }
      : {}),
    values: (_plot, splits) => splits.map((split) => latest.current.formatValue(split)),
  };
}

/** What decides whether a metric's values are whole states (formatMetricValue's own test for an enum). */
export interface WholeValueMetric {
  displayType: string;
  valueType: string;
  enumMap?: Readonly<Record<string, string>> | null;
}

function ticksOf(metric: WholeValueMetric): number[] | undefined {
  if (metric.valueType === 'boolean') return [0, 1];
  const isEnum = metric.valueType === 'enum' || metric.displayType === 'enum';
  if (!isEnum || !metric.enumMap) return undefined;
  const values = Object.keys(metric.enumMap).map(Number).filter(Number.isFinite);
  return values.length > 0 ? values : undefined;
}

/**
 * The values an axis of these metrics ticks at: an enum's values (0.5 between two states means nothing), 0 and 1
 * for a boolean, the union when several share the axis. Undefined when any metric has values in between, so that
 * the axis ticks at nice numbers.
 */
export function wholeValueTicks(metrics: readonly WholeValueMetric[]): number[] | undefined {
  if (metrics.length === 0) return undefined;
  const all = new Set<number>();
  for (const metric of metrics) {
    const ticks = ticksOf(metric);
    if (!ticks) return undefined;
    for (const tick of ticks) all.add(tick);
  }
  return [...all].sort((a, b) => a - b);
}
