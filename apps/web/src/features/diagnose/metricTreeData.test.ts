import { describe, expect, it } from 'vitest';
import { metricIdsOf, metricPickerTree, pickerValues, searchMetrics } from './metricTreeData.ts';
import { metric } from './testMetric.ts';

describe('the metric picker tree', () => {
  const long = `slot:/${'register.'.repeat(6)}value`;
  const tree = metricPickerTree([
    metric(1, 'fan.2.speed', 'Fan 2 speed'),
    metric(2, 'power', 'Power'),
    metric(3, 'power.total', 'Total power'),
    metric(4, long, 'Raw register'),
  ]);

  it('groups by the spec tree, a metric that is also a group as its first leaf', () => {
    expect(tree.map((node) => node.label)).toEqual(['fan', 'power', 'uncategorized']);
    expect(tree[0]?.children?.[0]).toMatchObject({
      label: 'fan 2',
      children: [{ value: 'm:1', label: 'Fan 2 speed', alias: 'fan.2.speed' }],
    });
    expect(tree[1]?.children?.map((node) => [node.value, node.label])).toEqual([
      ['m:2', 'Power'],
      ['m:3', 'Total power'],
    ]);
  });

  it('names a leaf by its metric and shows its alias, shortened when long', () => {
    const leaf = tree[2]?.children?.[0];
    expect(leaf?.label).toBe('Raw register');
    expect(leaf?.alias).toContain('…');
    expect(leaf?.alias?.length).toBeLessThan(50);
  });

  it('turns picker values into metric ids and back, leaving groups out', () => {
    expect(metricIdsOf(['m:1', 'g:fan', 'm:3'])).toEqual([1, 3]);
    expect(pickerValues([1, 3])).toEqual(['m:1', 'm:3']);
  });
});

describe('searching metrics', () => {
  const catalogue = [
    metric(1, 'alarm.highSupplyAirTemperature', 'High supply air temperature alarm'),
    metric(2, 'temperature.supplyAir', 'Supply air temperature'),
    metric(3, 'temperature.supplyAirSetpoint', 'Supply air temperature setpoint'),
    metric(4, 'humidity.supply', 'Supply relative humidity'),
    metric(5, 'temperature.returnAir', 'Return air temperature'),
  ];
  const found = (query: string) => searchMetrics(catalogue, query).map((one) => one.alias);

  it('finds by name, metrics only, those whose name starts with the search first', () => {
    expect(found('supply air')).toEqual([
      'temperature.supplyAir',
      'temperature.supplyAirSetpoint',
      'alarm.highSupplyAirTemperature',
    ]);
  });

  it('finds by alias, whole or read as words', () => {
    expect(found('temperature.supplyAir')).toEqual([
      'temperature.supplyAir',
      'temperature.supplyAirSetpoint',
    ]);
    expect(found('supplyAir')[0]).toBe('temperature.supplyAir');
    expect(found('returnair')).toEqual(['temperature.returnAir']);
    expect(found('return temperature')).toEqual(['temperature.returnAir']);
  });

  it('finds nothing for an empty search or words no metric holds', () => {
    expect(found('  ')).toEqual([]);
    expect(found('supply pressure')).toEqual([]);
  });
});
