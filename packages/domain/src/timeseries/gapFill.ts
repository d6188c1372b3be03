import { GAP_FILL_MIN_STEP_MS } from '../constants.ts';
import { alignDown } from './buckets.ts';
import { emptyColumns, pushPoint, type SeriesColumns } from './series.ts';

/** Spec: gap fill has a 2-minute minimum step, so a fine interval does not flood a chart with empty points. */
export function gapFillStep(intervalMs: number): number {
  return Math.max(intervalMs, GAP_FILL_MIN_STEP_MS);
}

/** Spec status for "no status": an empty point has no reading, so no status either. */
export const EMPTY_POINT_STATUS = -1;

export interface GapFillOptions {
  from: number;
  to: number;
  intervalMs: number;
  /**
   * Slot indexes (`intDiv(ts, step)`) that hold data. Needed when the columns are an M4 reduction: M4 drops
   * interior points, so the columns alone would show gaps that are not there. Derived from the columns otherwise.
   */
  occupiedSlots?: ReadonlySet<number>;
}

/**
 * For each step-aligned slot from `alignDown(from)` up to `to` that holds no data, inserts an explicit empty point
 * (value null, metadata `isIntervalCheckEmptyValue: true`) at the slot start, so a chart breaks its line there.
 */
export function gapFill(columns: SeriesColumns, options: GapFillOptions): SeriesColumns {
  const step = gapFillStep(options.intervalMs);
  const occupied = options.occupiedSlots ?? new Set(columns.timestamps.map((ts) => Math.floor(ts / step)));
  const result = emptyColumns();
  let index = 0;
  const count = columns.timestamps.length;
  for (let slotStart = alignDown(options.from, step); slotStart < options.to; slotStart += step) {
    // Existing points before this slot's marker keep their time order.
    while (index < count && (columns.timestamps[index] ?? Infinity) < slotStart)
      copyPoint(columns, index++, result);
    if (!occupied.has(slotStart / step)) {
      pushPoint(result, slotStart, null, EMPTY_POINT_STATUS, { isIntervalCheckEmptyValue: true });
    }
  }
  while (index < count) copyPoint(columns, index++, result);
  return result;
}

function copyPoint(source: SeriesColumns, index: number, target: SeriesColumns): void {
  pushPoint(
    target,
    source.timestamps[index] ?? 0,
    source.values[index] ?? null,
    source.statuses[index] ?? EMPTY_POINT_STATUS,
    source.metadatas[index] ?? null,
  );
}
