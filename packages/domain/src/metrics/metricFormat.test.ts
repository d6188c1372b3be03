import { describe, expect, it } from 'vitest';
import {
  decimalsFor,
  defaultAggregation,
  EMPTY_VALUE,
  formatMetricValue,
  formatMetricValueWithUnits,
  formatSemanticVersion,
  highestOverride,
} from './metricFormat.ts';

const numberMetric = (alias = 'temperature.supplyAir') => ({
  alias,
  displayType: 'line',
  valueType: 'number',
});
const enumMetric = {
  alias: 'unit.mode',
  displayType: 'enum',
  valueType: 'enum',
  enumMap: { '0': 'Off', '1': 'Cooling', '2': 'Heating' },
};

describe('formatMetricValue', () => {
  it('rounds to 1 decimal and drops a zero one, unless the units hold a degree sign', () => {
    expect(formatMetricValue(numberMetric(), 21.46, 'kW')).toBe('21.5');
    expect(formatMetricValue(numberMetric(), 21, 'kW')).toBe('21');
    expect(formatMetricValue(numberMetric(), 21, '°C')).toBe('21.0');
    expect(formatMetricValue(numberMetric(), 21.44, '°F')).toBe('21.4');
    expect(formatMetricValue(numberMetric(), 1234567.25, null)).toBe('1234567.3');
  });

  it("gives 'iwg' 3 decimals and aliases ending Availability 2", () => {
    expect(formatMetricValue(numberMetric('pressure.filter'), 0.12345, 'iwg')).toBe('0.123');
    expect(formatMetricValue(numberMetric('pressure.filter'), 0.5, 'iwg')).toBe('0.5');
    expect(formatMetricValue(numberMetric('network.linkAvailability'), 99.987, '%')).toBe('99.99');
    expect(decimalsFor('x.Availability', '°C')).toEqual({ min: 0, max: 2 });
  });

  it("shows empty values as '-------'", () => {
    for (const empty of [null, undefined, '', Number.NaN]) {
      expect(formatMetricValue(numberMetric(), empty, '°C')).toBe(EMPTY_VALUE);
    }
    expect(EMPTY_VALUE).toBe('-------');
  });

  it('shows enum values by their label, and the raw value when the map lacks it', () => {
    expect(formatMetricValue(enumMetric, 1)).toBe('Cooling');
    expect(formatMetricValue(enumMetric, '2')).toBe('Heating');
    expect(formatMetricValue(enumMetric, 7)).toBe('7');
  });

  it('shows a 15-digit version as major.minor.patch, 5 digits each', () => {
    const version = { alias: 'system.firmwareVersion', displayType: 'semantic_version', valueType: 'number' };
    expect(formatMetricValue(version, 10002000030)).toBe('1.20.30');
    expect(formatSemanticVersion(123450000100099)).toBe('12345.1.99');
    expect(formatSemanticVersion(0)).toBe('0.0.0');
    expect(formatSemanticVersion(1.5)).toBe('1.5');
  });

  it('never shows a minus sign on a value that rounds to zero, and keeps text and booleans', () => {
    expect(formatMetricValue(numberMetric(), -0.04, 'kW')).toBe('0');
    expect(formatMetricValue(numberMetric(), -0.04, '°C')).toBe('0.0');
    expect(formatMetricValue(numberMetric(), -2.25, 'kW')).toBe('-2.3');
    expect(formatMetricValue(undefined, 'SN-0042')).toBe('SN-0042');
    expect(formatMetricValue(undefined, true)).toBe('true');
  });

  it('adds units to numbers only', () => {
    expect(formatMetricValueWithUnits(numberMetric(), 18.25, '°C')).toBe('18.3 °C');
    expect(formatMetricValueWithUnits(numberMetric(), null, '°C')).toBe(EMPTY_VALUE);
    expect(formatMetricValueWithUnits(enumMetric, 1, 'mode')).toBe('Cooling');
  });
});

describe('highestOverride', () => {
  it('ranks REMOTE over SYSTEM over USER over NONE', () => {
    expect(highestOverride(['USER', 'REMOTE', 'SYSTEM'])).toBe('REMOTE');
    expect(highestOverride(['USER', 'SYSTEM'])).toBe('SYSTEM');
    expect(highestOverride(['NONE', 'USER'])).toBe('USER');
    expect(highestOverride([])).toBe('NONE');
  });
});

describe('defaultAggregation', () => {
  it('charts enum, step and semantic-version metrics by MAX and the rest by AVERAGE', () => {
    expect(defaultAggregation({ displayType: 'enum', valueType: 'enum' })).toBe('MAX');
    expect(defaultAggregation({ displayType: 'step', valueType: 'number' })).toBe('MAX');
    expect(defaultAggregation({ displayType: 'semantic_version', valueType: 'number' })).toBe('MAX');
    expect(defaultAggregation({ displayType: 'line', valueType: 'number' })).toBe('AVERAGE');
    expect(defaultAggregation({ displayType: 'cpu', valueType: 'number' })).toBe('AVERAGE');
  });
});
