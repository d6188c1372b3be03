import { describe, expect, it } from 'vitest';
import { conditionSummary, durationLabel, windowSummary } from './ruleText.ts';

describe('rule text', () => {
  it('says durations as a person would', () => {
    expect(durationLabel('PT2M')).toBe('2 minutes');
    expect(durationLabel('PT90M')).toBe('1 hour 30 minutes');
    expect(durationLabel('P1D')).toBe('1 day');
    expect(durationLabel('PT1M30S')).toBe('1 minute 30 seconds');
    expect(durationLabel('PT0S')).toBe('none');
    expect(durationLabel('nonsense')).toBe('nonsense');
    expect(windowSummary({ timeWindow: 'PT5M', recoveryDuration: 'PT0S' })).toBe(
      'Over 5 minutes; recovers at once',
    );
    expect(windowSummary({ timeWindow: 'PT2M', recoveryDuration: 'PT1H' })).toBe(
      'Over 2 minutes; recovers after 1 hour',
    );
  });

  it('summarises each kind of condition in one line', () => {
    expect(
      conditionSummary({
        kind: 'THRESHOLD',
        metricAlias: 'temperature.supplyAir',
        aggregation: 'AVERAGE',
        limits: { source: 'THRESHOLD_GROUP' },
      }),
    ).toBe('Average of temperature.supplyAir past the threshold group’s limits');
    expect(
      conditionSummary({
        kind: 'THRESHOLD',
        metricAlias: 'humidity.return',
        aggregation: 'MAX',
        limits: { source: 'FIXED', above: 60, below: 20 },
      }),
    ).toBe('Highest of humidity.return above 60 or below 20');
    expect(
      conditionSummary({
        kind: 'METRIC_STATUS',
        metricAlias: 'alarm.activeCode',
        statuses: ['ALARM', 'FAULT'],
      }),
    ).toBe('alarm.activeCode reads with ALARM or FAULT');
    expect(
      conditionSummary({
        kind: 'CHANGE_DETECTION',
        metricAlias: 'pressure.filterDifferential',
        mode: 'RATE',
        maxChangePerMinute: 0.2,
      }),
    ).toBe('pressure.filterDifferential changes by more than 0.2 a minute');
    expect(conditionSummary({ kind: 'COMMUNICATION_LOST', subject: 'AGENT' })).toBe(
      'Its agent makes no call',
    );
    expect(
      conditionSummary({
        kind: 'QUERY',
        terms: [],
        expression: 'returnAir - supplyAir',
        comparison: 'BELOW',
        threshold: 6,
      }),
    ).toBe('returnAir - supplyAir below 6');
  });
});
