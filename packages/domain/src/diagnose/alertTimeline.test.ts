import { describe, expect, it } from 'vitest';
import { alertLanes, type AlertBarInput } from './alertTimeline.ts';

const alert = (fields: Partial<AlertBarInput>): AlertBarInput => ({
  kyotoEventDetailId: 1,
  assetId: 10,
  monitorId: 100,
  monitorName: 'Supply air high',
  level: 'WARNING',
  firstEventAt: '2026-11-25T10:00:00.000Z',
  resolvedAt: '2026-11-25T10:30:00.000Z',
  ...fields,
});
const names = new Map([
  [10, 'Unit 1'],
  [11, 'Unit 2'],
]);
const now = Date.parse('2026-11-25T12:00:00.000Z');

describe('alert timeline', () => {
  it('draws each alert from its first event to its resolution, or to now while open', () => {
    const [lane] = alertLanes(
      [
        alert({ kyotoEventDetailId: 2, resolvedAt: null, firstEventAt: '2026-11-25T11:00:00.000Z' }),
        alert({}),
      ],
      names,
      now,
    );
    expect(lane?.label).toBe('Supply air high');
    expect(lane?.segments).toEqual([
      {
        from: Date.parse('2026-11-25T10:00:00.000Z'),
        to: Date.parse('2026-11-25T10:30:00.000Z'),
        level: 'WARNING',
        alertId: 1,
      },
      { from: Date.parse('2026-11-25T11:00:00.000Z'), to: now, level: 'WARNING', alertId: 2 },
    ]);
  });

  it('puts lanes with a critical alert first, and names lanes by asset when several assets are shown', () => {
    const lanes = alertLanes(
      [
        alert({ monitorId: 1, monitorName: 'A filter', level: 'INFO' }),
        alert({ assetId: 11, monitorId: 2, monitorName: 'Z pressure', level: 'CRITICAL' }),
      ],
      names,
      now,
    );
    expect(lanes.map((lane) => lane.label)).toEqual(['Unit 2 · Z pressure', 'Unit 1 · A filter']);
  });

  it('leaves out alerts whose times cannot be read', () => {
    expect(alertLanes([alert({ firstEventAt: 'soon' })], names, now)).toEqual([]);
  });
});
