import { describe, expect, it } from 'vitest';
import { m4, m4Column, m4Sorted, summarizeBlocks } from './m4.ts';
import { emptyColumns, pushPoint } from './series.ts';

/** Rasterises a polyline the way a chart does: per column, the vertical span the line covers. */
function rasterSpans(
  ts: readonly number[],
  values: readonly number[],
  from: number,
  to: number,
  width: number,
) {
  const spans = new Map<number, [number, number]>();
  const mark = (column: number, low: number, high: number): void => {
    const span = spans.get(column);
    spans.set(column, span ? [Math.min(span[0], low), Math.max(span[1], high)] : [low, high]);
  };
  for (let index = 0; index < ts.length; index++) {
    const column = m4Column(ts[index]!, from, to, width);
    mark(column, values[index]!, values[index]!);
    if (index > 0) {
      // The segment from the previous point enters this column at the previous point's value side.
      const previousColumn = m4Column(ts[index - 1]!, from, to, width);
      if (previousColumn !== column) {
        mark(
          previousColumn,
          Math.min(values[index - 1]!, values[index]!),
          Math.max(values[index - 1]!, values[index]!),
        );
      }
    }
  }
  return spans;
}

describe('M4', () => {
  const from = 0;
  const to = 100_000;
  const columns = emptyColumns();
  let value = 0;
  for (let ts = from; ts < to; ts += 7) {
    value += Math.sin(ts / 97) * 3 + ((ts * 7919) % 13) - 6;
    pushPoint(columns, ts, value, 1);
  }

  it('keeps first, last, min and max of each column, in time order, at most 4 per column', () => {
    const reduced = m4(columns, from, to, 50);
    expect(reduced.timestamps.length).toBeLessThanOrEqual(200);
    expect([...reduced.timestamps].sort((a, b) => a - b)).toEqual(reduced.timestamps);
    const perColumn = new Map<number, number[]>();
    columns.timestamps.forEach((ts, index) => {
      const column = m4Column(ts, from, to, 50);
      perColumn.set(column, [...(perColumn.get(column) ?? []), index]);
    });
    for (const [column, indexes] of perColumn) {
      const kept = reduced.timestamps.filter((ts) => m4Column(ts, from, to, 50) === column);
      const values = indexes.map((index) => columns.values[index]!);
      expect(kept[0]).toBe(columns.timestamps[indexes[0]!]);
      expect(kept.at(-1)).toBe(columns.timestamps[indexes.at(-1)!]);
      const keptValues = reduced.values.filter(
        (_, i) => m4Column(reduced.timestamps[i]!, from, to, 50) === column,
      );
      expect(Math.min(...keptValues.map(Number))).toBe(Math.min(...values));
      expect(Math.max(...keptValues.map(Number))).toBe(Math.max(...values));
    }
  });

  it('draws the same pixels as all the points', () => {
    const width = 80;
    const reduced = m4(columns, from, to, width);
    const all = rasterSpans(columns.timestamps, columns.values.map(Number), from, to, width);
    const fromReduced = rasterSpans(reduced.timestamps, reduced.values.map(Number), from, to, width);
    expect(fromReduced).toEqual(all);
  });

  it('returns series shorter than the width unchanged and drops gap markers', () => {
    const few = emptyColumns();
    pushPoint(few, 10, 1, 1);
    pushPoint(few, 20, null, -1, { isIntervalCheckEmptyValue: true });
    pushPoint(few, 30_000, 2, 1);
    expect(m4(few, from, to, 1000).timestamps).toEqual([10, 30_000]);
  });

  it('clamps a bucket that starts before the range into the first column', () => {
    expect(m4Column(-500, 0, 1000, 10)).toBe(0);
    expect(m4Column(999, 0, 1000, 10)).toBe(9);
  });
});

describe('M4 over sorted arrays (the stores rule)', () => {
  it('keeps the same points as m4, with the column highest status on each', () => {
    const from = 1_234;
    const to = 9_876_543;
    const timestamps: number[] = [];
    const values: number[] = [];
    const statuses: number[] = [];
    // Quantised values (many ties), uneven steps, and a status that rises now and then.
    for (let ts = from, step = 0; ts < to; ts += 137 + (step % 5) * 211, step++) {
      timestamps.push(ts);
      values.push(Math.round(Math.sin(step / 300) * 4 + ((step * 7919) % 5) / 3) || 0);
      statuses.push(step % 977 === 0 ? 3 : 1);
    }
    const all = emptyColumns();
    timestamps.forEach((ts, index) => pushPoint(all, ts, values[index]!, statuses[index]!));
    const blocks = {
      minIndex: new Int32Array(timestamps.length),
      maxIndex: new Int32Array(timestamps.length),
      status: new Int32Array(timestamps.length),
    };
    summarizeBlocks({ timestamps, values, statuses }, timestamps.length, blocks);
    for (const [width, withBlocks] of [1, 13, 331, 1000, 40_000].flatMap((w) => [
      [w, false] as const,
      [w, true] as const,
    ])) {
      const kept: { timestamps: number[]; values: number[]; statuses: number[] } = {
        timestamps: [],
        values: [],
        statuses: [],
      };
      m4Sorted(
        { timestamps, values, statuses, blocks: withBlocks ? blocks : undefined },
        { start: 0, end: timestamps.length, from, to, width },
        (ts, value, status) => {
          kept.timestamps.push(ts);
          kept.values.push(value);
          kept.statuses.push(status);
        },
      );
      const expected = m4(all, from, to, width);
      expect(kept.timestamps).toEqual(expected.timestamps);
      expect(kept.values).toEqual(expected.values);
      // Each kept point carries the highest status of its column.
      const highest = new Map<number, number>();
      timestamps.forEach((ts, index) => {
        const column = m4Column(ts, from, to, width);
        highest.set(column, Math.max(highest.get(column) ?? 0, statuses[index]!));
      });
      expect(kept.statuses).toEqual(kept.timestamps.map((ts) => highest.get(m4Column(ts, from, to, width))));
    }
  });

  it('reads only the given index range', () => {
    const points = { timestamps: [0, 10, 20, 30], values: [5, 1, 9, 2], statuses: [1, 1, 1, 1] };
    const kept: number[] = [];
    m4Sorted(points, { start: 1, end: 3, from: 10, to: 30, width: 1 }, (ts) => kept.push(ts));
    expect(kept).toEqual([10, 20]);
  });
});
