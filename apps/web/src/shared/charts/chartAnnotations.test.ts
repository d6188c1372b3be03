import { describe, expect, it } from 'vitest';
import { workPeriodAnnotations } from '../../features/tickets/problems/visitAnnotations.ts';
import { drawAnnotations, type AnnotationCanvas, type AnnotationContext } from './chartAnnotations.ts';

const HOUR = 3_600_000;
const start = Date.UTC(2026, 10, 26, 0);

/** A 600 px plot from x=50 over six hours, recording what is painted. */
function fakePlot() {
  const rects: { x: number; y: number; width: number; height: number; fill: unknown }[] = [];
  const texts: { text: string; x: number }[] = [];
  const ctx: AnnotationContext = {
    save: () => undefined,
    restore: () => undefined,
    beginPath: () => undefined,
    rect: () => undefined,
    clip: () => undefined,
    strokeRect: () => undefined,
    fillRect: (x: number, y: number, width: number, height: number) =>
      rects.push({ x, y, width, height, fill: ctx.fillStyle }),
    fillText: (text: string, x: number) => texts.push({ text, x }),
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textBaseline: 'alphabetic',
  };
  const plot: AnnotationCanvas = {
    ctx,
    bbox: { left: 50, top: 10, width: 600, height: 200 },
    valToPos: (value: number) => 50 + ((value - start) / (6 * HOUR)) * 600,
  };
  return { plot, rects, texts };
}

describe('service visits on a chart', () => {
  it("shades a ticket's work period with its label, and runs an open one to the right edge", () => {
    const annotations = workPeriodAnnotations([
      {
        ticketId: 12,
        title: 'Supply air too warm on AN-CRAH-01',
        statusEnumKey: 'inProgress',
        assetIds: [4],
        from: new Date(start + HOUR).toISOString(),
        to: new Date(start + 2 * HOUR).toISOString(),
      },
      {
        ticketId: 13,
        title: 'Filter change',
        statusEnumKey: 'inProgress',
        assetIds: [4],
        from: new Date(start + 5 * HOUR).toISOString(),
        to: null,
      },
    ]);
    const { plot, rects, texts } = fakePlot();
    drawAnnotations(plot, annotations);
    expect(rects).toEqual([
      { x: 150, y: 10, width: 100, height: 200, fill: annotations[0]?.color },
      { x: 550, y: 10, width: 100, height: 200, fill: annotations[1]?.color },
    ]);
    expect(texts).toEqual([
      { text: '#12 Supply air too warm on AN-CRAH-01', x: 154 },
      { text: '#13 Filter change', x: 554 },
    ]);
  });

  it('draws nothing for a visit outside the range, and clips one that began before it', () => {
    const { plot, rects } = fakePlot();
    drawAnnotations(plot, [
      { key: 'a', from: start - 3 * HOUR, to: start - HOUR, label: 'before', color: '#000' },
      { key: 'b', from: start - HOUR, to: start + HOUR, label: 'across', color: '#000' },
    ]);
    expect(rects.map((rect) => [rect.x, rect.width])).toEqual([[50, 100]]);
  });
});
