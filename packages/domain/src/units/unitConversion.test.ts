import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMetricValueWithUnits } from '../metrics/metricFormat.ts';
import {
  convertReading,
  displayUnits,
  fromDisplayValue,
  toDisplayValue,
  unitConversion,
} from './unitConversion.ts';

const line = (alias: string) => ({ alias, displayType: 'line', valueType: 'number' });

describe('unit conversions of the imperial profile', () => {
  it('converts each metric unit of the catalogue to its imperial reading', () => {
    expect(convertReading(20, '°C', 'imperial')).toEqual({ value: 68, units: '°F' });
    expect(convertReading(-40, '°C', 'imperial')).toEqual({ value: -40, units: '°F' });
    expect(convertReading(10, 'K', 'imperial')).toEqual({ value: 18, units: '°F' });
    expect(convertReading(1, 'l/s', 'imperial').value).toBeCloseTo(15.850323, 5);
    expect(convertReading(1699.0108, 'm³/h', 'imperial').value).toBeCloseTo(1000, 3);
    expect(convertReading(100, 'kPa', 'imperial').value).toBeCloseTo(14.503774, 5);
    expect(convertReading(249.08891, 'Pa', 'imperial')).toEqual({ value: 1, units: 'iwg' });
    expect(convertReading(1, 'g/kg', 'imperial').value).toBeCloseTo(7, 5);
    expect(convertReading(3.516852842, 'kW', 'imperial', 'cooling.capacity').value).toBeCloseTo(1, 9);
  });

  it('leaves electrical and unitless readings, and every reading under the metric profile, as stored', () => {
    expect(unitConversion('kW', 'imperial', 'power.total')).toBeNull();
    for (const units of ['kWh', 'kVA', 'V', 'A', 'Hz', '%', '%RH', 'iwg', 's', null]) {
      expect(unitConversion(units, 'imperial')).toBeNull();
    }
    expect(convertReading(21.5, '°C', 'metric')).toEqual({ value: 21.5, units: '°C' });
    expect(displayUnits('°C', 'metric')).toBe('°C');
    expect(displayUnits('°C', 'imperial')).toBe('°F');
    expect(convertReading('OK', '°C', 'imperial')).toEqual({ value: 'OK', units: '°C' });
  });

  it('round-trips any value through the shown units and back', () => {
    const units = ['°C', 'K', 'l/s', 'm³/h', 'kPa', 'Pa', 'g/kg', 'kW'];
    fc.assert(
      fc.property(
        fc.constantFrom(...units),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (unit, value) => {
          const conversion = unitConversion(unit, 'imperial', 'cooling.capacity');
          const back = fromDisplayValue(toDisplayValue(value, conversion), conversion);
          expect(back).toBeCloseTo(value, 6);
        },
      ),
    );
  });
});

describe('the value formatter under a units profile', () => {
  it('shows the converted value with the shown unit’s precision', () => {
    expect(formatMetricValueWithUnits(line('temperature.supplyAir'), 21.5, '°C', 'imperial')).toBe('70.7 °F');
    expect(formatMetricValueWithUnits(line('temperature.supplyAir'), 21.5, '°C')).toBe('21.5 °C');
    expect(formatMetricValueWithUnits(line('chilledWater.supplyPressure'), 310, 'kPa', 'imperial')).toBe(
      '45 psi',
    );
    expect(formatMetricValueWithUnits(line('airflow.supply'), 21000, 'm³/h', 'imperial')).toBe('12360.1 CFM');
    expect(formatMetricValueWithUnits(line('chilledWater.flow'), 4.2, 'l/s', 'imperial')).toBe('66.6 GPM');
    expect(formatMetricValueWithUnits(line('cooling.capacity'), 95, 'kW', 'imperial')).toBe('27 tons');
    expect(formatMetricValueWithUnits(line('power.total'), 14.2, 'kW', 'imperial')).toBe('14.2 kW');
    expect(formatMetricValueWithUnits(line('pressure.staticSupply'), 0.45, 'iwg', 'imperial')).toBe(
      '0.45 iwg',
    );
  });

  it('leaves empty values, enums and versions alone', () => {
    expect(formatMetricValueWithUnits(line('temperature.supplyAir'), null, '°C', 'imperial')).toBe('-------');
    const mode = {
      alias: 'status.unitMode',
      displayType: 'enum',
      valueType: 'enum',
      enumMap: { 1: 'Cooling' },
    };
    expect(formatMetricValueWithUnits(mode, 1, '°C', 'imperial')).toBe('Cooling');
  });
});
