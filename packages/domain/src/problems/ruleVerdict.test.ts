import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS_BITS } from '../assets/statusBits.ts';
import {
  aggregateWindow,
  changeVerdict,
  comparisonVerdict,
  metricStatusVerdict,
  silenceVerdict,
  thresholdVerdict,
  worseLevel,
  type WindowSeries,
} from './ruleVerdict.ts';

const series = (values: (number | null)[], statuses: number[] = values.map(() => 1)): WindowSeries => ({
  timestamps: values.map((_, index) => index * 10_000),
  values,
  statuses,
});

describe('rule verdicts', () => {
  it('aggregates a window, skipping empty values', () => {
    expect(aggregateWindow([20, null, 22, 24], 'AVERAGE')).toBe(22);
    expect(aggregateWindow([20, null, 22, 24], 'MAX')).toBe(24);
    expect(aggregateWindow([20, null, 22, 24], 'MIN')).toBe(20);
    expect(aggregateWindow([null, Number.NaN], 'AVERAGE')).toBeNull();
  });

  it('judges a threshold group: critical past a critical limit, warning past a warning one, capped by the rule', () => {
    const group = { criticalLow: 12, warningLow: 15, warningHigh: 22, criticalHigh: 27 };
    const from = { source: 'THRESHOLD_GROUP' as const, group };
    expect(thresholdVerdict(27.5, from, 'CRITICAL')).toEqual({
      breach: true,
      level: 'CRITICAL',
      value: 27.5,
    });
    expect(thresholdVerdict(23, from, 'CRITICAL')).toEqual({ breach: true, level: 'WARNING', value: 23 });
    expect(thresholdVerdict(11, from, 'CRITICAL')).toMatchObject({ breach: true, level: 'CRITICAL' });
    expect(thresholdVerdict(14, from, 'CRITICAL')).toMatchObject({ breach: true, level: 'WARNING' });
    expect(thresholdVerdict(20, from, 'CRITICAL')).toMatchObject({ breach: false });
    expect(thresholdVerdict(30, from, 'WARNING')).toMatchObject({ breach: true, level: 'WARNING' });
    // No data is a gap; an asset without limits for the metric cannot breach.
    expect(thresholdVerdict(null, from, 'CRITICAL').breach).toBeNull();
    expect(thresholdVerdict(99, { source: 'THRESHOLD_GROUP', group: null }, 'CRITICAL').breach).toBe(false);
  });

  it('judges fixed limits at the rule level', () => {
    const fixed = { source: 'FIXED' as const, above: 30, below: null };
    expect(thresholdVerdict(31, fixed, 'INFO')).toEqual({ breach: true, level: 'INFO', value: 31 });
    expect(thresholdVerdict(30, fixed, 'INFO').breach).toBe(false);
    expect(thresholdVerdict(-5, { source: 'FIXED', above: null, below: 0 }, 'WARNING').breach).toBe(true);
  });

  it('finds watched status bits anywhere in the window', () => {
    const alarm = DEVICE_STATUS_BITS.ALARM | DEVICE_STATUS_BITS.OK;
    expect(metricStatusVerdict(series([1, 1, 1], [1, alarm, 1]), ['ALARM'], 'CRITICAL')).toEqual({
      breach: true,
      level: 'CRITICAL',
      value: alarm,
    });
    expect(
      metricStatusVerdict(series([1, 1], [1, DEVICE_STATUS_BITS.STALE]), ['ALARM', 'FAULT'], 'WARNING')
        .breach,
    ).toBe(false);
    // -1 means no status, not every bit.
    expect(metricStatusVerdict(series([1], [-1]), ['ALARM'], 'WARNING').breach).toBe(false);
    expect(metricStatusVerdict(series([]), ['ALARM'], 'WARNING').breach).toBeNull();
  });

  it('detects a value that changed, and a rate of change per minute', () => {
    expect(changeVerdict(series([2, 2, 3]), 'VALUE', null, 'INFO')).toEqual({
      breach: true,
      level: 'INFO',
      value: 3,
    });
    expect(changeVerdict(series([2, 2, 2]), 'VALUE', null, 'INFO').breach).toBe(false);
    // 0 → 3 over 20 s is 9 a minute.
    const rising = changeVerdict(series([0, null, 3]), 'RATE', 5, 'WARNING');
    expect(rising.breach).toBe(true);
    expect(rising.value).toBeCloseTo(9);
    expect(changeVerdict(series([0, 1]), 'RATE', 10, 'WARNING').breach).toBe(false);
    expect(changeVerdict(series([5]), 'RATE', 10, 'WARNING').breach).toBeNull();
  });

  it('calls silence a breach once it lasts the whole window, and never heard from too', () => {
    expect(silenceVerdict(0, 299_000, 300_000, 'CRITICAL').breach).toBe(false);
    expect(silenceVerdict(0, 300_000, 300_000, 'CRITICAL')).toEqual({
      breach: true,
      level: 'CRITICAL',
      value: 5,
    });
    expect(silenceVerdict(undefined, 1, 300_000, 'CRITICAL')).toEqual({
      breach: true,
      level: 'CRITICAL',
      value: null,
    });
  });

  it('compares a computed value with a threshold', () => {
    expect(comparisonVerdict(1.5, 'BELOW', 2, 'WARNING').breach).toBe(true);
    expect(comparisonVerdict(2.5, 'BELOW', 2, 'WARNING').breach).toBe(false);
    expect(comparisonVerdict(null, 'ABOVE', 2, 'WARNING').breach).toBeNull();
    expect(worseLevel('INFO', 'CRITICAL')).toBe('CRITICAL');
  });
});
