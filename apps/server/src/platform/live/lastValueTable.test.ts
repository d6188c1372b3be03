import { describe, expect, it } from 'vitest';
import { createInProcessTelemetryBus, type IngestedValue } from '../events/telemetryBus.ts';
import { createLastValueTable } from './lastValueTable.ts';
import { settle } from './liveTestKit.ts';

const reading = (overrides: Partial<IngestedValue> = {}): IngestedValue => ({
  assetId: 1,
  metricId: 10,
  value: 21.5,
  timestamp: 1_000,
  status: 0,
  units: '°C',
  ...overrides,
});

describe('last-value table', () => {
  it('keeps the newest value and ignores older ones that arrive late', () => {
    const table = createLastValueTable();
    expect(table.apply([reading({ timestamp: 2_000, value: 22 })])).toHaveLength(1);
    expect(table.apply([reading({ timestamp: 1_000, value: 20 })])).toEqual([]);
    expect(table.get(1, 10)?.value).toBe(22);
    // The same timestamp again is a corrected re-send: it replaces.
    table.apply([reading({ timestamp: 2_000, value: 23 })]);
    expect(table.get(1, 10)).toEqual({
      value: 23,
      timestamp: 2_000,
      metadata: { type: 'number', value: 23, status: 0, units: '°C', overrideType: 'NONE' },
    });
    expect(table.size).toBe(1);
  });

  it('applies a batch in order, so the newest of one batch wins as well', () => {
    const table = createLastValueTable();
    const accepted = table.apply([
      reading({ timestamp: 3_000, value: 3 }),
      reading({ timestamp: 1_000, value: 1 }),
      reading({ metricId: 11, timestamp: 500, value: 'RUN' }),
    ]);
    expect(accepted.map((value) => value.value)).toEqual([3, 'RUN']);
    expect(table.get(1, 10)?.value).toBe(3);
  });

  it("derives metadata.type from the value's JS type; an empty reading keeps the previous type", () => {
    const table = createLastValueTable();
    table.apply([
      reading({ metricId: 1, value: 'v1.2' }),
      reading({ metricId: 2, value: true }),
      reading({ metricId: 3, value: null }),
      reading({ metricId: 1, value: null, timestamp: 2_000 }),
    ]);
    expect(table.get(1, 1)?.metadata.type).toBe('string');
    expect(table.get(1, 1)?.value).toBeNull();
    expect(table.get(1, 2)?.metadata.type).toBe('boolean');
    expect(table.get(1, 3)?.metadata.type).toBe('number');
  });

  it('answers metric id → asset id, filtered by assets, metrics and statuses', () => {
    const table = createLastValueTable();
    table.apply([
      reading({ assetId: 1, metricId: 10, value: 1, status: 0 }),
      reading({ assetId: 1, metricId: 11, value: 2, status: 4 }),
      reading({ assetId: 2, metricId: 10, value: 3, status: 0 }),
      reading({ assetId: 3, metricId: 10, value: 4, status: 0 }),
    ]);
    const all = table.read({ assetIds: [1, 2, 99] });
    expect(Object.keys(all).sort()).toEqual(['10', '11']);
    expect(Object.keys(all['10'] ?? {}).sort()).toEqual(['1', '2']);
    expect(all['11']?.['1']?.value).toBe(2);

    expect(table.read({ assetIds: [1, 2], metricIds: [11, 12] })).toEqual({
      '11': { '1': table.get(1, 11) },
    });
    expect(Object.keys(table.read({ assetIds: [1, 2], metricStatuses: [4] }))).toEqual(['11']);
    expect(table.read({ assetIds: [1], metricIds: [10], metricStatuses: [4] })).toEqual({});
  });

  it('warms only empty or strictly older cells, telling no listener', () => {
    const table = createLastValueTable();
    const heard: IngestedValue[][] = [];
    table.onAccepted((values) => heard.push([...values]));
    // Readings the bus delivered while the store was being read.
    table.apply([reading({ metricId: 1, timestamp: 5_000, value: 'live' })]);
    table.apply([reading({ metricId: 2, timestamp: 5_000, value: 'live' })]);
    heard.length = 0;
    const filled = table.warm([
      reading({ metricId: 1, timestamp: 4_000, value: 'stored older' }),
      reading({ metricId: 2, timestamp: 5_000, value: 'stored same instant' }),
      reading({ metricId: 3, timestamp: 3_000, value: 21 }),
      reading({ assetId: 2, metricId: 1, timestamp: 9_000, value: true }),
    ]);
    expect(filled).toBe(2);
    expect([table.get(1, 1)?.value, table.get(1, 2)?.value, table.get(1, 3)?.value]).toEqual([
      'live',
      'live',
      21,
    ]);
    expect(table.lastSeen([1, 2])).toEqual(
      new Map([
        [1, 5_000],
        [2, 9_000],
      ]),
    );
    expect(table.size).toBe(4);
    expect(heard).toEqual([]);
  });

  it('knows when each asset was last heard from, over all its metrics', () => {
    const table = createLastValueTable();
    table.apply([reading({ metricId: 1, timestamp: 5_000 }), reading({ metricId: 2, timestamp: 7_000 })]);
    table.apply([reading({ metricId: 1, timestamp: 4_000 })]);
    expect(table.lastSeen([1, 2])).toEqual(new Map([[1, 7_000]]));
  });

  it('is fed by a bus and tells listeners only what it accepted', async () => {
    const table = createLastValueTable();
    const bus = createInProcessTelemetryBus();
    const heard: IngestedValue[][] = [];
    table.onAccepted((values) => heard.push([...values]));
    const detach = table.attach(bus);
    bus.publish([reading({ timestamp: 2_000 })]);
    bus.publish([reading({ timestamp: 1_000 })]);
    await settle();
    expect(heard).toEqual([[reading({ timestamp: 2_000 })]]);
    detach();
    bus.publish([reading({ timestamp: 3_000 })]);
    await settle();
    expect(table.get(1, 10)?.timestamp).toBe(2_000);
  });

  it('reads 1,000 assets × 200 metrics without copying cells', () => {
    const table = createLastValueTable();
    const values: IngestedValue[] = [];
    for (let assetId = 1; assetId <= 1000; assetId++) {
      for (let metricId = 1; metricId <= 200; metricId++) values.push(reading({ assetId, metricId }));
    }
    table.apply(values);
    const assetIds = Array.from({ length: 1000 }, (_, index) => index + 1);
    const answer = table.read({ assetIds });
    expect(Object.keys(answer)).toHaveLength(200);
    expect(Object.keys(answer['200'] ?? {})).toHaveLength(1000);
    expect(answer['7']?.['9']).toBe(table.get(9, 7));
  });
});
