import { describe, expect, it } from 'vitest';
import { limitEdges, thresholdBands } from './thresholdBands.ts';

describe('threshold bands', () => {
  it('draws critical past the critical limits and warning between warning and critical', () => {
    expect(thresholdBands({ criticalLow: 12, warningLow: 15, warningHigh: 24, criticalHigh: 27 })).toEqual([
      { from: 27, to: null, level: 'CRITICAL' },
      { from: 24, to: 27, level: 'WARNING' },
      { from: 12, to: 15, level: 'WARNING' },
      { from: null, to: 12, level: 'CRITICAL' },
    ]);
  });

  it('runs a warning band without end when that side has no critical limit', () => {
    expect(
      thresholdBands({ criticalLow: null, warningLow: null, warningHigh: 60, criticalHigh: null }),
    ).toEqual([{ from: 60, to: null, level: 'WARNING' }]);
    expect(limitEdges({ criticalLow: null, warningLow: 3, warningHigh: 60, criticalHigh: null })).toEqual([
      3, 60,
    ]);
  });
});
