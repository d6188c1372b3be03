import { describe, expect, it } from 'vitest';
import { conditionSentence, conditionText, type DescribedMetric } from './conditionText.ts';

const METRICS: Readonly<Record<string, DescribedMetric>> = {
  'temperature.supplyAir': { name: 'Supply air', units: '°C' },
  'temperature.returnAir': { name: 'Return air', units: '°C' },
  'fan.speed': { name: 'Fan speed', units: '%' },
  'unit.alarm': { name: 'Unit alarm', units: null },
};
const metric = (alias: string) => METRICS[alias];
const LIMITS = { criticalLow: 12, warningLow: 15, warningHigh: 25, criticalHigh: 27 };
const groupRule = {
  kind: 'THRESHOLD',
  metricAlias: 'temperature.supplyAir',
  aggregation: 'AVERAGE',
  limits: { source: 'THRESHOLD_GROUP' },
} as const;

describe('conditionText', () => {
  it('names the threshold-group limit an alert crossed, with its value and unit', () => {
    expect(
      conditionText(groupRule, {
        timeWindow: 'PT2M',
        metric,
        limits: LIMITS,
        breach: { level: 'CRITICAL', value: 28.4 },
      }),
    ).toBe("average of supply air over 2m above the unit's critical high, 27 °C");
    expect(
      conditionText(groupRule, {
        timeWindow: 'PT2M',
        metric,
        limits: LIMITS,
        breach: { level: 'WARNING', value: 14 },
      }),
    ).toBe("average of supply air over 2m below the unit's warning low, 15 °C");
  });

  it('lists all of the unit limits when no alert says which, and says when they are not known or not set', () => {
    expect(conditionText(groupRule, { timeWindow: 'PT5M', metric, limits: LIMITS })).toBe(
      "average of supply air over 5m outside the unit's threshold limits (critical low 12 °C, warning low 15 °C, warning high 25 °C, critical high 27 °C)",
    );
    expect(conditionText(groupRule, { timeWindow: 'PT5M', metric })).toBe(
      "average of supply air over 5m outside the unit's threshold limits",
    );
    expect(conditionText(groupRule, { timeWindow: 'PT5M', metric, limits: null })).toBe(
      "average of supply air over 5m outside the unit's threshold limits (it has none for this metric)",
    );
  });

  it('says fixed limits with the metric unit, and falls back to the alias for an unknown metric', () => {
    const fixed = {
      kind: 'THRESHOLD',
      metricAlias: 'fan.speed',
      aggregation: 'MAX',
      limits: { source: 'FIXED', above: 90, below: 10.456 },
    } as const;
    expect(conditionText(fixed, { timeWindow: 'PT1H30M', metric })).toBe(
      'maximum of fan speed over 1h 30m above 90 % or below 10.46 %',
    );
    expect(conditionText(fixed, { timeWindow: 'PT10M' })).toBe(
      'maximum of fan.speed over 10m above 90 or below 10.46',
    );
  });

  it('says metric-status, change and communication-lost rules in words', () => {
    expect(
      conditionText(
        {
          kind: 'METRIC_STATUS',
          metricAlias: 'unit.alarm',
          statuses: ['ALARM', 'UNACKNOWLEDGED_ALARM', 'FAULT'],
        },
        { timeWindow: 'PT2M', metric },
      ),
    ).toBe('a reading of unit alarm with alarm, unacknowledged alarm or fault status within 2m');
    expect(
      conditionText(
        { kind: 'CHANGE_DETECTION', metricAlias: 'unit.alarm', mode: 'VALUE', maxChangePerMinute: null },
        { timeWindow: 'PT15M', metric },
      ),
    ).toBe('unit alarm changes within 15m');
    expect(
      conditionText(
        {
          kind: 'CHANGE_DETECTION',
          metricAlias: 'temperature.returnAir',
          mode: 'RATE',
          maxChangePerMinute: 0.5,
        },
        { timeWindow: 'PT10M', metric },
      ),
    ).toBe('return air changes by more than 0.5 °C a minute over 10m');
    expect(conditionText({ kind: 'COMMUNICATION_LOST', subject: 'ASSET' }, { timeWindow: 'PT5M' })).toBe(
      'the unit sends no reading for 5m',
    );
    expect(conditionText({ kind: 'COMMUNICATION_LOST', subject: 'AGENT' }, { timeWindow: 'PT1H' })).toBe(
      "the unit's agent makes no call for 1h",
    );
    expect(conditionText({ kind: 'MANUAL' }, { timeWindow: 'PT0S' })).toBe('reported by a person');
  });

  it('says a query with its terms by name, and a unit only when the result is in one', () => {
    const query = {
      kind: 'QUERY',
      terms: [
        { name: 'returnAir', metricAlias: 'temperature.returnAir', aggregation: 'AVERAGE' },
        { name: 'supplyAir', metricAlias: 'temperature.supplyAir', aggregation: 'MIN' },
      ],
      expression: 'returnAir - supplyAir',
      comparison: 'BELOW',
      threshold: 5,
    } as const;
    expect(conditionText(query, { timeWindow: 'PT2M', metric })).toBe(
      'returnAir - supplyAir over 2m below 5 °C, where returnAir is the average of return air and supplyAir is the minimum of supply air',
    );
    expect(
      conditionText(
        { ...query, expression: 'returnAir / supplyAir', comparison: 'ABOVE' },
        { timeWindow: 'PT2M', metric },
      ),
    ).toBe(
      'returnAir / supplyAir over 2m above 5, where returnAir is the average of return air and supplyAir is the minimum of supply air',
    );
  });

  it('never shows a raw ISO duration or JSON', () => {
    const text = conditionText(groupRule, { timeWindow: 'PT2M', metric, limits: LIMITS });
    expect(text).not.toMatch(/PT2M|[{}"]/);
  });
});

describe('conditionText without a window', () => {
  it('leaves the window out where it is said apart', () => {
    expect(conditionText(groupRule, { metric })).toBe(
      "average of supply air outside the unit's threshold limits",
    );
    expect(conditionText({ kind: 'COMMUNICATION_LOST', subject: 'ASSET' }, {})).toBe(
      'the unit sends no reading',
    );
  });
});

describe('conditionSentence', () => {
  it('starts with a capital', () => {
    expect(conditionSentence({ kind: 'COMMUNICATION_LOST', subject: 'ASSET' }, { timeWindow: 'PT5M' })).toBe(
      'The unit sends no reading for 5m',
    );
  });
});
