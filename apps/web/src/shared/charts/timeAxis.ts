import uPlot from 'uplot';
import type { TimeRange } from '@kelvin/domain';

/** Axis, grid and tick colours of a colour scheme. */
export function axisColors(scheme: 'light' | 'dark') {
  return scheme === 'dark'
    ? { stroke: '#c1c2c5', grid: 'rgba(255,255,255,0.08)' }
    : { stroke: '#495057', grid: 'rgba(0,0,0,0.07)' };
}

/** The look of an axis in a colour scheme. */
export function axisStyle(scheme: 'light' | 'dark'): uPlot.Axis {
  const colors = axisColors(scheme);
  return { stroke: colors.stroke, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid } };
}

const DRAG_EVENTS = new Set(['mousedown', 'mouseup']);

export interface TimeAxisInput {
  timeZone: string;
  syncKey?: string;
  /** Read at each redraw: the range shown and where a dragged selection goes. */
  latest: { readonly current: { range: TimeRange; onZoom?: (range: TimeRange) => void } };
}

/**
 * What every chart of the console shares about time: millisecond timestamps labelled in the chosen zone, the x
 * scale pinned to the screen's range (not to the data), the cursor synced across charts of one key, and a
 * drag across the plot handed to the caller as a zoom.
 */
export function timeAxisOptions({ timeZone, syncKey, latest }: TimeAxisInput) {
  return {
    ms: 1,
    tzDate: (ts: number) => uPlot.tzDate(new Date(ts), timeZone),
    legend: { show: false },
    cursor: {
      // The cursor moves together; a drag is not shared, or every chart of the key would zoom once for it.
      sync: syncKey
        ? { key: syncKey, filters: { sub: (type: string) => !DRAG_EVENTS.has(type) } }
        : undefined,
      drag: { x: true, y: false, setScale: false },
    },
    scales: {
      x: {
        time: true,
        range: (): uPlot.Range.MinMax => [latest.current.range.from, latest.current.range.to],
      },
    },
    hooks: {
      setSelect: [
        (plot: uPlot) => {
          const { left, width: selected } = plot.select;
          if (selected < 2) return;
          const from = Math.round(plot.posToVal(left, 'x'));
          const to = Math.round(plot.posToVal(left + selected, 'x'));
          plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          if (to > from) latest.current.onZoom?.({ from, to });
        },
      ],
    },
  } satisfies Partial<uPlot.Options>;
}
