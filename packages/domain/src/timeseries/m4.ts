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
