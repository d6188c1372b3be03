import { describe, expect, it } from 'vitest';
import { gapFill, gapFillStep } from './gapFill.ts';
import { mergeRawDataSets, MERGE_NOT_DISJOINT_MESSAGE } from './merge.ts';
import { regionsFromSlots } from './regions.ts';
import { emptyColumns, pushPoint, type SeriesColumns } from './series.ts';

function series(points: [number, number][]): SeriesColumns {
  const columns = emptyColumns();
  for (const [ts, value] of points) pushPoint(columns, ts, value, 1);
  return columns;
}
const MIN = 60_000;

describe('gap fill', () => {
  it('uses at least a 2-minute step', () => {
    expect(gapFillStep(30_000)).toBe(120_000);
    expect(gapFillStep(3_600_000)).toBe(3_600_000);
  });

  it('marks each empty step-aligned slot with an explicit empty point', () => {
    const filled = gapFill(
      series([
        [0, 1],
        [2 * MIN, 2],
        [8 * MIN, 3],
      ]),
      { from: 0, to: 10 * MIN, intervalMs: MIN },
    );
    expect(filled.timestamps).toEqual([0, 2 * MIN, 4 * MIN, 6 * MIN, 8 * MIN]);
    expect(filled.values).toEqual([1, 2, null, null, 3]);
    expect(filled.metadatas[2]).toEqual({ isIntervalCheckEmptyValue: true });
    expect(filled.metadatas[0]).toBeNull();
    expect(filled.statuses[2]).toBe(-1);
  });

  it('fills an empty series completely and keeps points in time order', () => {
    expect(gapFill(emptyColumns(), { from: 0, to: 6 * MIN, intervalMs: 3 * MIN }).timestamps).toEqual([
      0,
      3 * MIN,
    ]);
    const filled = gapFill(series([[5 * MIN, 1]]), { from: 0, to: 6 * MIN, intervalMs: MIN });
    // 5 min lies in the slot starting at 4 min, so that slot is not empty.
    expect(filled.timestamps).toEqual([0, 2 * MIN, 5 * MIN]);
  });

  it('trusts given occupied slots over the (reduced) columns', () => {
    const filled = gapFill(series([[0, 1]]), {
      from: 0,
      to: 4 * MIN,
      intervalMs: MIN,
      occupiedSlots: new Set([0, 1]),
    });
    expect(filled.values).toEqual([1]);
  });
});

describe('merging raw data sets', () => {
  it('merges disjoint sets in time order', () => {
    const merged = mergeRawDataSets(
      series([
        [1, 1],
        [5, 5],
      ]),
      series([
        [2, 2],
        [9, 9],
      ]),
    );
    expect(merged.timestamps).toEqual([1, 2, 5, 9]);
    expect(merged.values).toEqual([1, 2, 5, 9]);
  });
  it('refuses sets that share a timestamp with the spec message', () => {
    expect(() =>
      mergeRawDataSets(
        series([
          [1, 1],
          [5, 5],
        ]),
        series([[5, 6]]),
      ),
    ).toThrow(MERGE_NOT_DISJOINT_MESSAGE);
    expect(MERGE_NOT_DISJOINT_MESSAGE).toBe(
      'Could not merge data points! Data point sets are not disjointed.',
    );
  });
});

describe('regions', () => {
  it('joins neighbouring slots whose points are close enough', () => {
    const regions = regionsFromSlots(
      [
        { slot: 0, firstTs: 10, lastTs: 90 },
        { slot: 1, firstTs: 150, lastTs: 199 },
        { slot: 3, firstTs: 300, lastTs: 310 },
        { slot: 4, firstTs: 460, lastTs: 470 },
      ],
      100,
    );
    expect(regions).toEqual([
      { from: 10, to: 199 },
      { from: 300, to: 310 },
      { from: 460, to: 470 },
    ]);
  });
});
