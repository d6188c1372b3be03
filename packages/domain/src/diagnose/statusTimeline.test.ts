import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS_BITS as BITS } from '../assets/statusBits.ts';
import {
  shownStatuses,
  statusLanes,
  statusSegments,
  timelineStatus,
  TIMELINE_STATUS_COLOURS,
  type StatusSeries,
} from './statusTimeline.ts';

const series = (key: string, statuses: (number | null)[], intervalMs = 10): StatusSeries => ({
  key,
  label: `Metric ${key}`,
  intervalMs,
  timestamps: statuses.map((_, index) => index * 10),
  statuses,
});

describe('status timeline', () => {
  it('names a reading by its worst ranked status, then alarm, then OK; none for -1', () => {
    expect(timelineStatus(BITS.OK)).toBe('OK');
    expect(timelineStatus(0)).toBe('OK');
    expect(timelineStatus(-1)).toBeNull();
    expect(timelineStatus(null)).toBeNull();
    expect(timelineStatus(BITS.ALARM | BITS.UNACKNOWLEDGED_ALARM)).toBe('ALARM');
    expect(timelineStatus(BITS.UNACKNOWLEDGED_ALARM)).toBe('ALARM');
    expect(timelineStatus(BITS.ALARM | BITS.STALE)).toBe('STALE');
    expect(timelineStatus(BITS.FAULT | BITS.DOWN | BITS.NULL)).toBe('DOWN');
  });

  it('colours the ranked statuses as the spec does', () => {
    expect(TIMELINE_STATUS_COLOURS.DOWN).toBe('red');
    expect(TIMELINE_STATUS_COLOURS.FAULT).toBe('olive');
    expect(TIMELINE_STATUS_COLOURS.NULL).toBe('lightgray');
  });

  it('joins neighbouring readings of one status, breaks at gaps, and ends the last after an interval', () => {
    const one = series('a', [BITS.OK, BITS.OK, BITS.FAULT, null, BITS.FAULT, BITS.OK]);
    expect(statusSegments(one, 1000)).toEqual([
      { from: 0, to: 20, status: 'OK' },
      { from: 20, to: 30, status: 'FAULT' },
      { from: 40, to: 50, status: 'FAULT' },
      { from: 50, to: 60, status: 'OK' },
    ]);
    // The range's end cuts the last run.
    expect(statusSegments(one, 55).at(-1)).toEqual({ from: 50, to: 55, status: 'OK' });
  });

  it('shows every status when the filter names none, else only those it names', () => {
    expect(shownStatuses({ viewByStatus: false, appliedStatusFilters: [] })).toHaveLength(8);
    expect(shownStatuses({ viewByStatus: false, appliedStatusFilters: ['OK', 'DOWN', 'bogus'] })).toEqual([
      'DOWN',
      'OK',
    ]);
  });

  it('lays out one lane per series, filtered', () => {
    const lanes = statusLanes(
      [series('a', [BITS.OK, BITS.DOWN]), series('b', [BITS.ALARM, BITS.OK])],
      { viewByStatus: false, appliedStatusFilters: ['DOWN', 'ALARM'] },
      1000,
    );
    expect(lanes).toEqual([
      { key: 'a', label: 'Metric a', segments: [{ from: 10, to: 20, status: 'DOWN' }] },
      { key: 'b', label: 'Metric b', segments: [{ from: 0, to: 10, status: 'ALARM' }] },
    ]);
  });

  it('by status, lays out one lane per occurring status in severity order, each run naming its series', () => {
    const lanes = statusLanes(
      [series('a', [BITS.OK, BITS.ALARM]), series('b', [BITS.DOWN, BITS.OK])],
      { viewByStatus: true, appliedStatusFilters: [] },
      1000,
    );
    expect(lanes.map((lane) => lane.label)).toEqual(['Down', 'Alarm', 'OK']);
    expect(lanes[2]?.segments).toEqual([
      { from: 0, to: 10, status: 'OK', source: 'Metric a' },
      { from: 10, to: 20, status: 'OK', source: 'Metric b' },
    ]);
  });
});
