import type { TimeRange } from './timeRanges.ts';

/**
 * Spec: zoom history is a stack; going back pops one step and returns to the first entry at the minimum. The
 * first entry is the range picked in the range picker; each drag across a chart pushes one.
 */
export type ZoomHistory = readonly [TimeRange, ...TimeRange[]];

export function startZoomHistory(range: TimeRange): ZoomHistory {
  return [range];
}

export function zoomTo(history: ZoomHistory, range: TimeRange): ZoomHistory {
  if (range.to <= range.from) return history;
  return [...history, range];
}

export function zoomBack(history: ZoomHistory): ZoomHistory {
  if (history.length === 1) return history;
  const [first, ...rest] = history;
  return [first, ...rest.slice(0, -1)];
}

export function currentZoom(history: ZoomHistory): TimeRange {
  return history[history.length - 1] ?? history[0];
}

export function canZoomBack(history: ZoomHistory): boolean {
  return history.length > 1;
}
