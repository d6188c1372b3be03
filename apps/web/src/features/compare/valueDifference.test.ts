import { describe, expect, it } from 'vitest';
import type { FormatMetric } from '@kelvin/domain';
import { valueDifference } from './valueDifference.ts';

const supplyAir: FormatMetric = { alias: 'temperature.supplyAir', displayType: 'line', valueType: 'number' };
const fanSpeed: FormatMetric = { alias: 'fan.speed', displayType: 'line', valueType: 'number' };
const mode: FormatMetric = {
  alias: 'unit.mode',
  displayType: 'enum',
  valueType: 'enum',
  enumMap: { '0': 'Off', '1': 'Cooling', '2': 'Heating' },
};
const firmware: FormatMetric = {
  alias: 'firmware.version',
  displayType: 'semantic_version',
  valueType: 'number',
};
const serial: FormatMetric = { alias: 'unit.serial', displayType: 'text', valueType: 'string' };

const celsius = (value: number | null) => ({ value, units: '°C' });

describe('valueDifference', () => {
  it('writes a higher number as a signed difference in the metric’s decimals and units', () => {
    expect(valueDifference(supplyAir, celsius(22.7), celsius(21.5))).toEqual({
      kind: 'higher',
      text: '+1.2 °C',
    });
    // Degrees keep one decimal even for a whole difference.
    expect(valueDifference(supplyAir, celsius(22.5), celsius(21.5))).toEqual({
      kind: 'higher',
      text: '+1.0 °C',
    });
  });

  it('writes a lower number with a minus sign', () => {
    expect(valueDifference(supplyAir, celsius(19.25), celsius(21.5))).toEqual({
      kind: 'lower',
      text: '\u22122.3 °C',
    });
    expect(valueDifference(fanSpeed, { value: 40, units: '%' }, { value: 65, units: '%' })).toEqual({
      kind: 'lower',
      text: '\u221225 %',
    });
  });

  it('calls numbers the same when their difference rounds away at the metric’s decimals', () => {
    expect(valueDifference(supplyAir, celsius(21.5), celsius(21.5))).toEqual({ kind: 'same' });
    expect(valueDifference(supplyAir, celsius(21.52), celsius(21.5))).toEqual({ kind: 'same' });
    expect(valueDifference(fanSpeed, { value: 65.04, units: '%' }, { value: 65, units: '%' })).toEqual({
      kind: 'same',
    });
  });

  it('has no difference to show when either unit lacks a value', () => {
    expect(valueDifference(supplyAir, undefined, celsius(21.5))).toEqual({ kind: 'none' });
    expect(valueDifference(supplyAir, celsius(21.5), undefined)).toEqual({ kind: 'none' });
    expect(valueDifference(supplyAir, celsius(null), celsius(21.5))).toEqual({ kind: 'none' });
    expect(valueDifference(supplyAir, celsius(Number.NaN), celsius(21.5))).toEqual({ kind: 'none' });
    expect(valueDifference(serial, { value: '', units: null }, { value: 'A1', units: null })).toEqual({
      kind: 'none',
    });
  });

  it('marks an enum that differs without a numeric difference of its codes', () => {
    expect(valueDifference(mode, { value: 2, units: null }, { value: 1, units: null })).toEqual({
      kind: 'differs',
    });
    expect(valueDifference(mode, { value: 1, units: null }, { value: 1, units: null })).toEqual({
      kind: 'same',
    });
  });

  it('compares versions, text and flags as equal or not', () => {
    expect(
      valueDifference(firmware, { value: 10002_00003, units: null }, { value: 10002_00004, units: null }),
    ).toEqual({ kind: 'differs' });
    expect(valueDifference(serial, { value: 'B7', units: null }, { value: 'A1', units: null })).toEqual({
      kind: 'differs',
    });
    expect(valueDifference(serial, { value: 'A1', units: null }, { value: 'A1', units: null })).toEqual({
      kind: 'same',
    });
    expect(valueDifference(undefined, { value: true, units: null }, { value: false, units: null })).toEqual({
      kind: 'differs',
    });
    expect(valueDifference(undefined, { value: true, units: null }, { value: true, units: null })).toEqual({
      kind: 'same',
    });
  });

  it('does not subtract numbers reported in other units than the reference’s', () => {
    expect(valueDifference(supplyAir, { value: 71, units: '°F' }, celsius(21.5))).toEqual({
      kind: 'differs',
    });
  });
});
