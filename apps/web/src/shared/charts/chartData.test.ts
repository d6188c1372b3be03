import { describe, expect, it } from 'vitest';
import { alignSeries, seriesStats, type ChartSeries } from './chartData.ts';

const line = (key: string, timestamps: number[], values: (number | null)[]): ChartSeries => ({
  key,
  label: key,
  timestamps,
  values,
  step: false,
  color: '#000',
});

describe('chart data', () => {
  it('joins series on their timestamps: alignment holes are undefined, a gap widens over the holes beside it', () => {
    const data = alignSeries([
      line('a', [1000, 2000, 3000, 4000], [1, null, 3, 4]),
      line('b', [1500, 2500, 3500, 4000], [7, 8, 9, 10]),
    ]);
    expect(data[0]).toEqual([1000, 1500, 2000, 2500, 3000, 3500, 4000]);
    // Without widening, the line would run from 1 to 3 across the gap, broken only at 2000.
    expect(data[1]).toEqual([1, null, null, null, 3, undefined, 4]);
    expect(data[2]).toEqual([undefined, 7, undefined, 8, undefined, 9, 10]);
  });

  it('gives an empty table for no series', () => {
    expect(alignSeries([])).toEqual([[]]);
  });

  it('computes min, max, mean and last over values, skipping gaps', () => {
    expect(seriesStats([2, null, 4, -1, null])).toEqual({ min: -1, max: 4, mean: 5 / 3, last: -1 });
    expect(seriesStats([null, null])).toEqual({ min: null, max: null, mean: null, last: null });
  });
});
