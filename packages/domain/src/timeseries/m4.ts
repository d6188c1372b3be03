import { emptyColumns, pushPoint, type SeriesColumns } from './series.ts';

/**
 * The pixel column of a timestamp for a chart `width` columns wide over [from, to): integer arithmetic, the same
 * expression the stores evaluate in SQL (`intDiv(greatest(ts - from, 0) * width, to - from)`), so that the domain
 * and the databases put a point in the same column. An aggregated bucket may start before `from`: it is clamped
 * into the first column.
 */
export function m4Column(ts: number, from: number, to: number, width: number): number {
  return Math.floor((Math.max(ts - from, 0) * width) / (to - from));
}

/**
 * M4 (Jugel et al., VLDB 2014): per pixel column keep the first, last, minimum and maximum point. A line drawn
 * through these is pixel-identical to one drawn through all points, because inside one column the line only
 * spans [min, max] and enters and leaves through the first and last points. Output in time order, each input
 * point at most once. Null values (gap markers) are not points of the line and are dropped.
 */
export function m4(columns: SeriesColumns, from: number, to: number, width: number): SeriesColumns {
  const keep: number[] = [];
  let column = -1;
  let first = -1;
  let last = -1;
  let minIndex = -1;
  let maxIndex = -1;
  const flush = (): void => {
    if (first < 0) return;
    const chosen = [...new Set([first, minIndex, maxIndex, last])].sort((a, b) => a - b);
    keep.push(...chosen);
  };
  for (let index = 0; index < columns.timestamps.length; index++) {
    const ts = columns.timestamps[index] ?? 0;
    const value = columns.values[index];
    if (value === null || value === undefined || ts >= to) continue;
    const pointColumn = m4Column(ts, from, to, width);
    if (pointColumn !== column) {
      flush();
      column = pointColumn;
      first = minIndex = maxIndex = index;
    }
    last = index;
    if (value < (columns.values[minIndex] ?? Infinity)) minIndex = index;
    if (value > (columns.values[maxIndex] ?? -Infinity)) maxIndex = index;
  }
  flush();
  const result = emptyColumns();
  for (const index of keep) {
    pushPoint(
      result,
      columns.timestamps[index] ?? 0,
      columns.values[index] ?? null,
      columns.statuses[index] ?? 0,
      columns.metadatas[index] ?? null,
    );
  }
  return result;
}

/** Points as parallel arrays in ascending time order: what a store keeps in memory (typed arrays) or reads. */
export interface SortedPoints {
  timestamps: ArrayLike<number>;
  values: ArrayLike<number>;
  statuses: ArrayLike<number>;
  /** Summaries of whole blocks of M4_BLOCK_POINTS points (summarizeBlocks), when the holder keeps them. */
  blocks?: PointBlocks | undefined;
}

/**
 * Points per block summary. A chart column of a day at 2 Hz and 1000 px holds ~170 points; with summaries M4
 * reads ~10 blocks and at most two partial blocks instead of every point (each point costs ~7 ns here).
 */
export const M4_BLOCK_POINTS = 16;

/** Per block: index of its minimum and maximum (the earliest of equal ones) and its highest status. */
export interface PointBlocks {
  minIndex: Int32Array;
  maxIndex: Int32Array;
  status: Int32Array;
}

/** (Re)computes the summaries of every whole block of points[0, length) from the block holding `fromIndex`. */
export function summarizeBlocks(
  points: SortedPoints,
  length: number,
  blocks: PointBlocks,
  fromIndex = 0,
): void {
  const { values, statuses } = points;
  for (
    let block = Math.floor(fromIndex / M4_BLOCK_POINTS);
    (block + 1) * M4_BLOCK_POINTS <= length;
    block++
  ) {
    let minIndex = block * M4_BLOCK_POINTS;
    let maxIndex = minIndex;
    let status = statuses[minIndex] ?? 0;
    for (let index = minIndex + 1; index < (block + 1) * M4_BLOCK_POINTS; index++) {
      const value = values[index] ?? 0;
      if (value < (values[minIndex] ?? 0)) minIndex = index;
      else if (value > (values[maxIndex] ?? 0)) maxIndex = index;
      status = Math.max(status, statuses[index] ?? 0);
    }
    blocks.minIndex[block] = minIndex;
    blocks.maxIndex[block] = maxIndex;
    blocks.status[block] = status;
  }
}

function firstAtOrAfter(timestamps: ArrayLike<number>, low: number, high: number, ts: number): number {
  // Sensors report at a steady rate: a guess from the average spacing usually lands within a step or two, far
  // cheaper than the ~17 halvings of a binary search over a day. Irregular data falls back to the search.
  const span = (timestamps[high - 1] ?? 0) - (timestamps[low] ?? 0);
  if (high - low > 8 && span > 0) {
    const spacing = span / (high - 1 - low);
    let guess = Math.min(high, Math.max(low, low + Math.ceil((ts - (timestamps[low] ?? 0)) / spacing)));
    for (let step = 0; step < 4; step++) {
      if (guess > low && (timestamps[guess - 1] ?? 0) >= ts) guess--;
      else if (guess < high && (timestamps[guess] ?? 0) < ts) guess++;
      else return guess;
    }
  }
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timestamps[middle] ?? 0) < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * M4 as the stores answer it, over `points[start, end)` (sorted by time, all inside [from, to)): per column the
 * first, minimum, maximum and last point (the earliest of equal extremes, like `m4`), each carrying the column's
 * highest status, so that a fault shorter than a pixel still colours the chart. `emit` receives them in time order,
 * each point once. Each column's end is found by binary search and its interior from block summaries when the
 * points carry them. This runs over millions of cached points per chart refresh, hence one flat loop without
 * allocations or closures per column.
 */
export function m4Sorted(
  points: SortedPoints,
  range: { start: number; end: number; from: number; to: number; width: number },
  emit: (ts: number, value: number, status: number) => void,
): void {
  const { timestamps, values, statuses, blocks } = points;
  const { end, from, to, width } = range;
  const span = to - from;
  for (let first = range.start; first < end;) {
    const column = m4Column(timestamps[first] ?? 0, from, to, width);
    // The first timestamp of the next column: from + ceil((column + 1) * span / width), as m4Column places it.
    const columnEnd = firstAtOrAfter(timestamps, first, end, from + Math.ceil(((column + 1) * span) / width));
    let minIndex = first;
    let maxIndex = first;
    let minValue = values[first] ?? 0;
    let maxValue = minValue;
    let status = statuses[first] ?? 0;
    let index = first + 1;
    // Points one by one up to a block boundary, then whole blocks, then the rest; strict comparisons in time
    // order keep the earliest of equal extremes.
    let blocksEnd = index;
    if (blocks) {
      const boundary = Math.ceil(index / M4_BLOCK_POINTS) * M4_BLOCK_POINTS;
      blocksEnd = boundary + Math.floor((columnEnd - boundary) / M4_BLOCK_POINTS) * M4_BLOCK_POINTS;
      if (blocksEnd <= boundary) blocksEnd = index;
    }
    while (index < columnEnd) {
      if (index < blocksEnd && index % M4_BLOCK_POINTS === 0) {
        const block = index / M4_BLOCK_POINTS;
        const blockMin = blocks?.minIndex[block] ?? index;
        const blockMax = blocks?.maxIndex[block] ?? index;
        const blockMinValue = values[blockMin] ?? 0;
        const blockMaxValue = values[blockMax] ?? 0;
        if (blockMinValue < minValue) {
          minValue = blockMinValue;
          minIndex = blockMin;
        }
        if (blockMaxValue > maxValue) {
          maxValue = blockMaxValue;
          maxIndex = blockMax;
        }
        const blockStatus = blocks?.status[block] ?? 0;
        if (blockStatus > status) status = blockStatus;
        index += M4_BLOCK_POINTS;
        continue;
      }
      const value = values[index] ?? 0;
      if (value < minValue) {
        minValue = value;
        minIndex = index;
      } else if (value > maxValue) {
        maxValue = value;
        maxIndex = index;
      }
      const pointStatus = statuses[index] ?? 0;
      if (pointStatus > status) status = pointStatus;
      index++;
    }
    // first <= min, max <= last: emit in index (time) order, each index once.
    const last = columnEnd - 1;
    const early = Math.min(minIndex, maxIndex);
    const late = Math.max(minIndex, maxIndex);
    emit(timestamps[first] ?? 0, values[first] ?? 0, status);
    if (early !== first) emit(timestamps[early] ?? 0, values[early] ?? 0, status);
    if (late !== early) emit(timestamps[late] ?? 0, values[late] ?? 0, status);
    if (last !== late) emit(timestamps[last] ?? 0, values[last] ?? 0, status);
    first = columnEnd;
  }
}
