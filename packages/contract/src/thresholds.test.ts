import { describe, expect, it } from 'vitest';
import { limitProblems } from './thresholds.ts';

const limit = {
  metricAlias: 'temperature.supplyAir',
  criticalLow: 12,
  warningLow: 15,
  warningHigh: 24,
  criticalHigh: 27,
};

describe('limitProblems', () => {
  it('accepts limits in order, with any of them unset', () => {
    expect(limitProblems(limit)).toEqual([]);
    expect(limitProblems({ ...limit, criticalLow: null, warningLow: null })).toEqual([]);
  });

  it('names both fields of a pair out of order, each once', () => {
    expect(limitProblems({ ...limit, criticalLow: 1e12 })).toEqual([
      { field: 'criticalLow', message: 'Critical low must not be above Warning low' },
      { field: 'warningLow', message: 'Warning low must not be below Critical low' },
      { field: 'warningHigh', message: 'Warning high must not be below Critical low' },
      { field: 'criticalHigh', message: 'Critical high must not be below Critical low' },
    ]);
    expect(limitProblems({ ...limit, criticalHigh: 20 })).toEqual([
      { field: 'warningHigh', message: 'Warning high must not be above Critical high' },
      { field: 'criticalHigh', message: 'Critical high must not be below Warning high' },
    ]);
  });

  it('asks for at least one limit', () => {
    const none = {
      metricAlias: 'x',
      criticalLow: null,
      warningLow: null,
      warningHigh: null,
      criticalHigh: null,
    };
    expect(limitProblems(none)).toEqual([{ field: 'warningHigh', message: 'Set at least one limit' }]);
  });
});
