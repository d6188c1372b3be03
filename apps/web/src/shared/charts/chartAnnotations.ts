/**
 * A span of time marked on a chart behind its lines, with a label along its top: a service visit (a ticket's time in
 * progress), so that before and after it can be compared. `to` null runs to the plot's right edge.
 */
export interface ChartAnnotation {
  key: string;
  from: number;
  to: number | null;
  label: string;
  color: string;
}

/** The canvas calls drawing makes. */
export type AnnotationContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'rect'
  | 'clip'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'font'
  | 'textBaseline'
>;

/** What drawing needs of a uPlot instance: its canvas, plotting box and time-to-pixel mapping. */
export interface AnnotationCanvas {
  ctx: AnnotationContext;
  bbox: { left: number; top: number; width: number; height: number };
  valToPos: (value: number, scale: string, canvasPixels?: boolean) => number;
}

const LABEL_FONT_PX = 11;

/**
 * Paints each span's shaded rectangle (clipped to the plotting box), its edges, and its label at its top left, in
 * canvas pixels; spans wholly outside the visible range draw nothing.
 */
export function drawAnnotations(plot: AnnotationCanvas, annotations: readonly ChartAnnotation[]): void {
  if (annotations.length === 0) return;
  const { ctx, bbox } = plot;
  const right = bbox.left + bbox.width;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  for (const annotation of annotations) {
    const start = Math.max(bbox.left, plot.valToPos(annotation.from, 'x', true));
    const end = annotation.to === null ? right : Math.min(right, plot.valToPos(annotation.to, 'x', true));
    if (end <= bbox.left || start >= right || end <= start) continue;
    ctx.globalAlpha = 0.12;
    ctx.fillStyle = annotation.color;
    ctx.fillRect(start, bbox.top, end - start, bbox.height);
    ctx.globalAlpha = 0.7;
    ctx.strokeStyle = annotation.color;
    ctx.lineWidth = 1;
    ctx.strokeRect(start, bbox.top, end - start, bbox.height);
    ctx.globalAlpha = 1;
    ctx.fillStyle = annotation.color;
    ctx.font = `${LABEL_FONT_PX * (globalThis.devicePixelRatio || 1)}px sans-serif`;
    ctx.textBaseline = 'top';
    ctx.fillText(annotation.label, start + 4, bbox.top + 4, Math.max(0, end - start - 8));
  }
  ctx.restore();
}
