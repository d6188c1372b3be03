import { describe, expect, it } from 'vitest';
import { aggregateValue, combinePartials, isAggregation, partialOf } from './aggregation.ts';
import { alignDown, bucketWindow, chooseSource } from './buckets.ts';
import { timeSeriesRequestProblem } from './validation.ts';

describe('aggregation', () => {
  const values = [2, 4, 4, 4, 5, 5, 7, 9];
  const partial = partialOf(values)!;

  it('computes every aggregation from the partial', () => {
    expect(aggregateValue(partial, 'AVERAGE')).toBe(5);
    expect(aggregateValue(partial, 'MIN')).toBe(2);
    expect(aggregateValue(partial, 'MAX')).toBe(9);
    expect(aggregateValue(partial, 'COUNT')).toBe(8);
    // Population standard deviation of this textbook set is exactly 2.
    expect(aggregateValue(partial, 'STDDEV')).toBe(2);
  });

  it('combines partials as if the points had been aggregated together', () => {
    const combined = combinePartials(partialOf(values.slice(0, 3))!, partialOf(values.slice(3))!);
    expect(combined).toEqual(partial);
  });

  it('gives 0, not NaN, for the deviation of one point or constant data', () => {
    expect(aggregateValue(partialOf([3.3])!, 'STDDEV')).toBe(0);
    expect(aggregateValue(partialOf([0.1, 0.1, 0.1])!, 'STDDEV')).toBe(0);
  });

  it('has no partial for no points', () => expect(partialOf([])).toBeNull());
  it('recognises the spec aggregations', () => {
    expect(isAggregation('STDDEV')).toBe(true);
    expect(isAggregation('MEDIAN')).toBe(false);
  });
});

describe('buckets', () => {
  it('chooses the coarsest rollup that divides the interval', () => {
    expect(chooseSource(30_000, 'AVERAGE')).toBe('raw');
    expect(chooseSource(90_000, 'AVERAGE')).toBe('raw');
    expect(chooseSource(60_000, 'MAX')).toBe('minute');
    expect(chooseSource(300_000, 'MIN')).toBe('minute');
    expect(chooseSource(5_400_000, 'COUNT')).toBe('minute');
    expect(chooseSource(3_600_000, 'STDDEV')).toBe('hour');
    expect(chooseSource(86_400_000, 'AVERAGE')).toBe('hour');
    expect(chooseSource(86_400_000, 'RAW')).toBe('raw');
  });

  it('aligns by integer division of epoch milliseconds', () => {
    expect(alignDown(1_700_000_123_456, 60_000)).toBe(1_700_000_100_000);
    expect(bucketWindow(90_000, 150_000, 60_000)).toEqual({ start: 60_000, end: 180_000 });
  });
});

describe('request validation', () => {
  const day = 86_400_000;
  it('allows raw data for up to 24 hours', () => {
    expect(
      timeSeriesRequestProblem({ from: 0, to: day, intervalMs: 1000, aggregations: ['RAW'] }),
    ).toBeNull();
  });
  it('refuses raw data for longer ranges and says why', () => {
    const reason = timeSeriesRequestProblem({
      from: 0,
      to: day + 1,
      intervalMs: 1000,
      aggregations: ['RAW'],
    });
    expect(reason).toContain('24 hours (86400000 ms)');
    expect(
      timeSeriesRequestProblem({ from: 0, to: 2 * day, intervalMs: 60_000, aggregations: ['MAX'] }),
    ).toBeNull();
  });
  it('refuses empty or reversed ranges and bad intervals', () => {
    expect(timeSeriesRequestProblem({ from: 5, to: 5, intervalMs: 1, aggregations: ['MAX'] })).toMatch(
      /after/,
    );
    expect(timeSeriesRequestProblem({ from: 0, to: 5, intervalMs: 0, aggregations: ['MAX'] })).toMatch(
      /interval/,
    );
  });
});
