import { describe, expect, it } from 'vitest';
import { formatClock, formatClockSpan, formatHour } from './timeLabels.ts';

describe('timeLabels', () => {
  const ts = Date.parse('2026-03-04T14:30:00Z');

  it('writes times in 12 or 24 hours in the zone given', () => {
    expect(formatClock(ts, 'UTC', 'US')).toBe('2:30 PM');
    expect(formatClock(ts, 'UTC', 'EU')).toBe('14:30');
    expect(formatHour(Date.parse('2026-03-04T09:00:00Z'), 'UTC', 'US')).toBe('9 AM');
    expect(formatClockSpan(ts, ts + 3_600_000, 'UTC', 'US')).toBe('2:30 PM – 3:30 PM');
  });

  it('reads the same moment again in another zone, not as the zone read first (the wall clocks are kept per zone)', () => {
    expect(formatClock(ts, 'UTC', 'EU')).toBe('14:30');
    expect(formatClock(ts, 'Asia/Tokyo', 'EU')).toBe('23:30');
    expect(formatClock(ts, 'America/New_York', 'EU')).toBe('09:30');
    expect(formatClock(ts, 'UTC', 'EU')).toBe('14:30');
  });
});
