import { describe, expect, it } from 'vitest';
import type { Metric } from '@kelvin/contract';
import { DEVICE_STATUS_BITS } from '@kelvin/domain';
import { isAlarmStatus, liveViewRows, liveViewTree, type LiveViewFilter } from './liveViewRows.ts';

const metric = (metricId: number, alias: string, name = alias): Metric => ({
  metricId,
  alias,
  name,
  displayType: 'line',
  valueType: 'number',
  metricEnumId: null,
  enumMap: null,
  parentAlias: null,
  path: alias.replaceAll('.', '/'),
  units: null,
  metadata: {},
  actionsPermitted: [],
});

const tree = liveViewTree([
  metric(1, 'fan.1.speed', 'Fan 1 speed'),
  metric(2, 'fan.2.speed', 'Fan 2 speed'),
  metric(3, 'temperature.supplyAir', 'Supply air temperature'),
  metric(4, 'temperature.returnAir', 'Return air temperature'),
  metric(5, 'slot:/x/y'),
]);
const none: LiveViewFilter = {
  search: '',
  onlyAlarms: false,
  statusOf: () => undefined,
  collapsed: new Set(),
};
const shape = (filter: LiveViewFilter) =>
  liveViewRows(tree, filter).map((row) =>
    row.kind === 'group'
      ? `${'  '.repeat(row.depth)}[${row.label} ${row.count}]`
      : `${'  '.repeat(row.depth)}${row.metric.alias}`,
  );

describe('live view rows', () => {
  it('lists every metric under its groups, numbered segments named, uncategorized last', () => {
    expect(shape(none)).toEqual([
      '[fan 2]',
      '  [fan 1 1]',
      '    fan.1.speed',
      '  [fan 2 1]',
      '    fan.2.speed',
      '[temperature 2]',
      '  temperature.returnAir',
      '  temperature.supplyAir',
      '[uncategorized 1]',
      '  slot:/x/y',
    ]);
  });

  it('hides the metrics of a collapsed group but keeps its header and count', () => {
    expect(shape({ ...none, collapsed: new Set(['fan']) }).slice(0, 2)).toEqual([
      '[fan 2]',
      '[temperature 2]',
    ]);
  });

  it('searches names and aliases, and shows only alarming metrics when asked', () => {
    expect(shape({ ...none, search: 'supply air' })).toEqual(['[temperature 1]', '  temperature.supplyAir']);
    const alarming = DEVICE_STATUS_BITS.OK | DEVICE_STATUS_BITS.ALARM;
    const statusOf = (metricId: number) => (metricId === 2 ? alarming : DEVICE_STATUS_BITS.OK);
    expect(shape({ ...none, onlyAlarms: true, statusOf })).toEqual([
      '[fan 1]',
      '  [fan 2 1]',
      '    fan.2.speed',
    ]);
  });

  it('counts alarms, faults and units down as alarms; OK, none and overrides not', () => {
    expect(isAlarmStatus(DEVICE_STATUS_BITS.FAULT)).toBe(true);
    expect(isAlarmStatus(DEVICE_STATUS_BITS.DOWN)).toBe(true);
    expect(isAlarmStatus(DEVICE_STATUS_BITS.UNACKNOWLEDGED_ALARM)).toBe(true);
    expect(isAlarmStatus(DEVICE_STATUS_BITS.OK | DEVICE_STATUS_BITS.OVERRIDDEN)).toBe(false);
    expect(isAlarmStatus(-1)).toBe(false);
    expect(isAlarmStatus(undefined)).toBe(false);
  });
});
