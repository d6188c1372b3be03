import { describe, expect, it } from 'vitest';
import { conditionSummary, ruleConditionText, windowSummary } from './ruleText.ts';

const metric = (alias: string) =>
  alias === 'temperature.supplyAir' ? { name: 'Supply air', units: '°C' } : undefined;

describe('rule text', () => {
  it('says the window and recovery in the spec abbreviations, never as ISO', () => {
    expect(windowSummary({ timeWindow: 'PT5M', recoveryDuration: 'PT0S' })).toBe('Over 5m; recovers at once');
    expect(windowSummary({ timeWindow: 'PT2M', recoveryDuration: 'PT1H' })).toBe(
      'Over 2m; recovers after 1h',
    );
    expect(windowSummary({ timeWindow: 'PT90M', recoveryDuration: 'P1D' })).toBe(
      'Over 1h 30m; recovers after 1d',
    );
    expect(windowSummary({ timeWindow: 'nonsense', recoveryDuration: 'PT30S' })).toBe(
      'Over nonsense; recovers after 30s',
    );
  });

  it('summarises a condition with metric names when the catalogue is known, the alias otherwise', () => {
    const condition = {
      kind: 'THRESHOLD',
      metricAlias: 'temperature.supplyAir',
      aggregation: 'AVERAGE',
      limits: { source: 'FIXED', above: 27, below: null },
    } as const;
    expect(conditionSummary(condition, metric)).toBe('Average of supply air above 27 °C');
    expect(conditionSummary(condition)).toBe('Average of temperature.supplyAir above 27');
    expect(conditionSummary({ kind: 'COMMUNICATION_LOST', subject: 'AGENT' })).toBe(
      "The unit's agent makes no call",
    );
  });

  it('says a whole rule with its window and the limit an alert crossed', () => {
    expect(
      ruleConditionText(
        {
          timeWindow: 'PT2M',
          condition: {
            kind: 'THRESHOLD',
            metricAlias: 'temperature.supplyAir',
            aggregation: 'AVERAGE',
            limits: { source: 'THRESHOLD_GROUP' },
          },
        },
        {
          metric,
          limits: { criticalLow: null, warningLow: null, warningHigh: 25, criticalHigh: 27 },
          breach: { level: 'CRITICAL', value: 27.6 },
        },
      ),
    ).toBe("Average of supply air over 2m above the unit's critical high, 27 °C");
  });
});
