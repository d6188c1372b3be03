import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGE_LABEL,
  parseSavedDate,
  rawAllowed,
  RELATIVE_RANGES,
  resolveRelativeRange,
  savedRange,
} from './timeRanges.ts';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const HOUR = 3_600_000;

describe('relative ranges', () => {
  it("run from 5 minutes to 24 months, 'Last 1 Hour' the default", () => {
    expect(RELATIVE_RANGES[0]?.label).toBe('Last 5 Minutes');
    expect(RELATIVE_RANGES.at(-1)?.label).toBe('Last 24 Months');
    expect(DEFAULT_RANGE_LABEL).toBe('Last 1 Hour');
    expect(resolveRelativeRange('Last 1 Hour', NOW)).toEqual({ from: NOW - HOUR, to: NOW });
    expect(resolveRelativeRange('Last 5 Minutes', NOW)).toEqual({ from: NOW - 300_000, to: NOW });
  });

  it('count months back on the calendar', () => {
    expect(resolveRelativeRange('Last 24 Months', NOW)).toEqual({
      from: Date.UTC(2024, 10, 24, 12),
      to: NOW,
    });
    expect(resolveRelativeRange('Last 3 Months', NOW).from).toBe(Date.UTC(2026, 7, 24, 12));
  });

  it('take an unknown label as the last hour', () => {
    expect(resolveRelativeRange('Since yesterday', NOW)).toEqual({ from: NOW - HOUR, to: NOW });
  });
});

describe('the RAW limit', () => {
  it('allows raw data up to 24 hours and not a millisecond more', () => {
    expect(rawAllowed({ from: NOW - 24 * HOUR, to: NOW })).toBe(true);
    expect(rawAllowed({ from: NOW - 24 * HOUR - 1, to: NOW })).toBe(false);
    expect(rawAllowed(resolveRelativeRange('Last 7 Days', NOW))).toBe(false);
  });
});

describe('saved ranges', () => {
  it('use a saved relative label at the time it is opened', () => {
    expect(savedRange({ rangeDisplay: 'Last 6 Hours', fromDate: 1, toDate: 2 }, NOW)).toEqual({
      range: { from: NOW - 6 * HOUR, to: NOW },
      rangeDisplay: 'Last 6 Hours',
    });
  });

  it('use saved dates when there is no relative label', () => {
    const from = '2026-11-01T00:00:00.000Z';
    const to = '2026-11-02T00:00:00.000Z';
    expect(savedRange({ fromDate: from, toDate: to, rangeDisplay: 'Custom' }, NOW)).toEqual({
      range: { from: Date.parse(from), to: Date.parse(to) },
      rangeDisplay: 'Custom',
    });
  });

  it('drop invalid dates and fall back to the last hour', () => {
    const fallback = { range: { from: NOW - HOUR, to: NOW }, rangeDisplay: 'Last 1 Hour' };
    expect(savedRange({ fromDate: 'yesterday', toDate: '2026-11-02' }, NOW)).toEqual(fallback);
    expect(savedRange({ fromDate: '2026-11-03', toDate: '2026-11-02' }, NOW)).toEqual(fallback);
    expect(savedRange({}, NOW)).toEqual(fallback);
    expect(parseSavedDate('2026-02-30T00:00:00Z')).toBeUndefined();
    expect(parseSavedDate(Number.NaN)).toBeUndefined();
    expect(parseSavedDate({})).toBeUndefined();
  });
});
