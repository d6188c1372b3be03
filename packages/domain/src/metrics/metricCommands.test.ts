import { describe, expect, it } from 'vitest';
import { commandActionProblem, commandDurationProblem, commandValueProblem } from './metricCommands.ts';

const numberMetric = { valueType: 'number', enumMap: null, actionsPermitted: ['set'] };
const enumMetric = {
  valueType: 'enum',
  enumMap: { '0': 'Off', '1': 'On' },
  actionsPermitted: ['set', 'override'],
};

describe('metric commands', () => {
  it('refuses an action the metric does not permit', () => {
    expect(commandActionProblem(numberMetric, 'set')).toBeNull();
    expect(commandActionProblem(numberMetric, 'override')).toBe('This metric does not permit override.');
  });

  it('checks the value against the metric type and enum', () => {
    expect(commandValueProblem(numberMetric, 21.5)).toBeNull();
    expect(commandValueProblem(numberMetric, '21.5')).toBe('Enter a number.');
    expect(commandValueProblem(numberMetric, Number.NaN)).toBe('Enter a number.');
    expect(commandValueProblem(enumMetric, 1)).toBeNull();
    expect(commandValueProblem(enumMetric, 2)).toBe('Choose one of the listed values.');
    expect(commandValueProblem(enumMetric, 0.5)).toBe('Choose one of the listed values.');
    expect(commandValueProblem({ ...numberMetric, valueType: 'boolean' }, true)).toBeNull();
    expect(commandValueProblem({ ...numberMetric, valueType: 'boolean' }, 1)).toBe('Choose on or off.');
    expect(commandValueProblem({ ...numberMetric, valueType: 'string' }, 'auto')).toBeNull();
    expect(commandValueProblem({ ...numberMetric, valueType: 'string' }, 3)).toBe('Enter text.');
  });

  it('asks an override for a duration and a set for none', () => {
    expect(commandDurationProblem('override', undefined)).toBe('Say how long the override lasts.');
    expect(commandDurationProblem('override', 30)).toBeNull();
    expect(commandDurationProblem('set', 30)).toBe('A set value does not end; leave the duration out.');
    expect(commandDurationProblem('set', undefined)).toBeNull();
  });
});
