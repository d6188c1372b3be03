import { describe, expect, it } from 'vitest';
import type { Metric } from '@kelvin/contract';
import { ASSET_HEALTH_COLOURS, DEVICE_STATUS_BITS, DEVICE_STATUS_COLOURS } from '@kelvin/domain';
import { buildAsset } from '../../test/assetFactories.ts';
import type { FleetGroup } from './fleetGroups.ts';
import { paintByMetric, SCALE_STEPS } from './metricScale.ts';
import { paintFleet } from './overviewPaints.ts';
import {
  FLAGGED_STATUSES,
  HEALTH_PAINTS,
  STATUS_PAINTS,
  statusCategory,
  UNKNOWN_PAINT,
} from './tilePaint.ts';

const { OK, FAULT, DOWN, STALE, ALARM, UNACKNOWLEDGED_ALARM } = DEVICE_STATUS_BITS;

const supplyAir: Metric = {
  metricId: 11,
  alias: 'temperature.supplyAir',
  name: 'Supply air temperature',
  displayType: 'line',
  valueType: 'number',
  metricEnumId: null,
  enumMap: null,
  parentAlias: null,
  path: 'temperature/supplyAir',
  units: '°C',
  metadata: {},
  actionsPermitted: [],
};

function group(key: string, ids: number[]): FleetGroup {
  return {
    key,
    path: [key],
    datahallId: 1,
    units: ids.map((assetId) => ({
      assetId,
      name: `U${assetId}`,
      asset: buildAsset({ assetId, assetTypeId: 4 }),
    })),
  };
}

describe('tile paints', () => {
  it('colours health with the one set of health colours', () => {
    expect(HEALTH_PAINTS.CRITICAL.background).toBe(ASSET_HEALTH_COLOURS.CRITICAL);
    expect(HEALTH_PAINTS.COMMUNICATION_LOST.label).toBe('Communication lost');
  });

  it('takes the worst ranked status bit, then alarm, then OK; in the spec colours', () => {
    expect(statusCategory([FAULT | OK, DOWN, STALE])).toBe('DOWN');
    expect(statusCategory([STALE, ALARM | UNACKNOWLEDGED_ALARM])).toBe('STALE');
    expect(statusCategory([ALARM | UNACKNOWLEDGED_ALARM])).toBe('ALARM');
    expect(statusCategory([])).toBe('OK');
    expect(STATUS_PAINTS.FAULT.background).toBe(DEVICE_STATUS_COLOURS.FAULT);
  });

  it('asks for every flagged status and none that is only OK', () => {
    expect(FLAGGED_STATUSES).not.toContain(0);
    expect(FLAGGED_STATUSES).not.toContain(OK);
    expect(FLAGGED_STATUSES).toContain(FAULT | OK);
    expect(FLAGGED_STATUSES).toContain(ALARM | UNACKNOWLEDGED_ALARM);
    expect(Math.max(...FLAGGED_STATUSES)).toBe(UNACKNOWLEDGED_ALARM * 2 - 1);
  });

  it("spreads a metric's numbers over the scale from the fleet's lowest to its highest", () => {
    const values = new Map([
      [1, { value: 17.25, units: '°C' }],
      [2, { value: 21, units: '°C' }],
      [3, { value: 25, units: '°C' }],
    ]);
    const { paints, legend } = paintByMetric([1, 2, 3, 4], values, supplyAir);
    expect(legend.range).toEqual({ min: 17.25, max: 25 });
    expect(paints.get(1)?.key).toBe('step-0');
    expect(paints.get(3)?.key).toBe(`step-${SCALE_STEPS - 1}`);
    expect(paints.get(1)?.label).toBe('17.3 °C');
    expect(paints.get(4)).toBe(UNKNOWN_PAINT);
  });

  it('gives non-numeric values a colour per value, named by the one formatter', () => {
    const onOff = { ...supplyAir, valueType: 'enum' as const, displayType: 'enum' as const, units: null };
    const mapped = { ...onOff, enumMap: { '0': 'Off', '1': 'On' } };
    const values = new Map([
      [1, { value: 1, units: null }],
      [2, { value: 0, units: null }],
    ]);
    const { paints, legend } = paintByMetric([1, 2], values, mapped);
    expect(legend.categories.map((category) => category.label)).toEqual(['Off', 'On']);
    expect(paints.get(1)?.label).toBe('On');
    expect(paints.get(1)?.background).not.toBe(paints.get(2)?.background);
  });

  it('lends back unchanged paints, so only groups with a changed tile get new ones', () => {
    const groups = [group('a', [1, 2]), group('b', [3])];
    const input = {
      viewMode: 'Custom Metric' as const,
      states: undefined,
      flagged: undefined,
      metric: supplyAir,
      values: new Map([
        [1, { value: 18, units: '°C' }],
        [2, { value: 20, units: '°C' }],
        [3, { value: 22, units: '°C' }],
      ]),
    };
    const first = paintFleet(groups, [1, 2, 3], input);
    const values = new Map(input.values).set(2, { value: 20.5, units: '°C' });
    const second = paintFleet(groups, [1, 2, 3], { ...input, values }, first.paints);
    expect(second.byGroup.get('b')?.[0]).toBe(first.byGroup.get('b')?.[0]);
    expect(second.byGroup.get('a')?.[0]).toBe(first.byGroup.get('a')?.[0]);
    expect(second.byGroup.get('a')?.[1]).not.toBe(first.byGroup.get('a')?.[1]);
  });

  it('counts tiles per state in attention order, unknown last', () => {
    const groups = [group('a', [1, 2, 3])];
    const states = new Map([
      [1, { health: 'HEALTHY' as const, lastSeenAt: 1 }],
      [2, { health: 'COMMUNICATION_LOST' as const, lastSeenAt: null }],
    ]);
    const { entries } = paintFleet(groups, [1, 2, 3], {
      viewMode: 'Device State',
      states,
      flagged: undefined,
      values: new Map(),
      metric: undefined,
    });
    expect(entries.map((entry) => [entry.paint.key, entry.count])).toEqual([
      ['COMMUNICATION_LOST', 1],
      ['CRITICAL', 0],
      ['WARNING', 0],
      ['MAINTENANCE_MODE', 0],
      ['NO_MONITOR', 0],
      ['HEALTHY', 1],
      ['UNKNOWN', 1],
    ]);
  });
});
