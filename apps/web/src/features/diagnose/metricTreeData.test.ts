import { describe, expect, it } from 'vitest';
import type { Metric } from '@kelvin/contract';
import { metricIdsOf, metricPickerTree, pickerValues } from './metricTreeData.ts';

const metric = (metricId: number, alias: string, name: string): Metric => ({
  metricId,
  alias,
  name,
  displayType: 'line',
  valueType: 'number',
  metricEnumId: null,
  enumMap: null,
  parentAlias: null,
  path: alias,
  units: null,
  metadata: {},
  actionsPermitted: [],
});

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
      children: [{ value: 'm:1', label: 'speed' }],
    });
    expect(tree[1]?.children?.map((node) => [node.value, node.label])).toEqual([
      ['m:2', 'power (Power)'],
      ['m:3', 'total'],
    ]);
  });

  it('shortens long aliases for display and keeps the full one for the tooltip', () => {
    const leaf = tree[2]?.children?.[0];
    expect(leaf?.label).toContain('…');
    expect(leaf?.alias).toBe(long);
  });

  it('searches leaves by the labels on their way, their alias and their name', () => {
    const leaf = tree[0]?.children?.[0]?.children?.[0];
    expect(leaf?.searchText).toContain('fan 2');
    expect(leaf?.searchText).toContain('fan.2.speed');
    expect(leaf?.searchText).toContain('fan 2 speed');
  });

  it('turns picker values into metric ids and back, leaving groups out', () => {
    expect(metricIdsOf(['m:1', 'g:fan', 'm:3'])).toEqual([1, 3]);
    expect(pickerValues([1, 3])).toEqual(['m:1', 'm:3']);
  });
});
