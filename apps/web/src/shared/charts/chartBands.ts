import uPlot from 'uplot';

/** A horizontal band behind a chart's lines: values from `from` to `to` (null: to the plot's edge). */
export interface ChartBand {
  from: number | null;
  to: number | null;
  color: string;
}

/** Paints the bands in canvas pixels inside the plotting area, before the lines are drawn over them. */
export function drawBands(plot: uPlot, bands: readonly ChartBand[]): void {
  if (bands.length === 0) return;
  const { ctx, bbox } = plot;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  for (const band of bands) {
    const top = band.to === null ? bbox.top : plot.valToPos(band.to, 'y', true);
    const bottom = band.from === null ? bbox.top + bbox.height : plot.valToPos(band.from, 'y', true);
    ctx.fillStyle = band.color;
    ctx.fillRect(bbox.left, Math.min(top, bottom), bbox.width, Math.abs(bottom - top));
  }
  ctx.restore();
}

/**
 * The value axis' range: the data's, widened to reach every band edge so that a limit far from the data is still
 * seen, then rounded as uPlot rounds its own.
 */
export function valueRange(
  min: number | null,
  max: number | null,
  edges: readonly number[],
): uPlot.Range.MinMax {
  let low = min ?? Infinity;
  let high = max ?? -Infinity;
  for (const edge of edges) {
    low = Math.min(low, edge);
    high = Math.max(high, edge);
  }
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0, 1];
  return uPlot.rangeNum(low, high, 0.1, true);
}
