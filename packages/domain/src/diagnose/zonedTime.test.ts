import { describe, expect, it } from 'vitest';
import { fromZonedLocal, toZonedLocal } from './zonedTime.ts';

describe('zoned wall-clock time', () => {
  it('reads and writes a wall-clock time in the zone given, whatever the browser zone', () => {
    const ts = Date.UTC(2026, 10, 25, 3, 4, 5);
    expect(toZonedLocal(ts, 'Asia/Tokyo')).toBe('2026-11-25 12:04:05');
    expect(toZonedLocal(ts, 'America/New_York')).toBe('2026-11-24 22:04:05');
    expect(fromZonedLocal('2026-11-25 12:04:05', 'Asia/Tokyo')).toBe(ts);
    expect(fromZonedLocal('2026-11-24 22:04:05', 'America/New_York')).toBe(ts);
    expect(fromZonedLocal('2026-11-25T12:04', 'Asia/Tokyo')).toBe(ts - 5000);
  });

  it('follows daylight saving: the offset of the day, and a skipped hour read with the earlier offset', () => {
    expect(fromZonedLocal('2026-07-01 12:00:00', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 1, 10));
    expect(fromZonedLocal('2026-01-01 12:00:00', 'Europe/Paris')).toBe(Date.UTC(2026, 0, 1, 11));
    // 02:30 does not exist in Paris on 29 March 2026: read as 03:30 summer time.
    expect(fromZonedLocal('2026-03-29 02:30:00', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });

  it('refuses what is not a wall-clock time', () => {
    expect(fromZonedLocal('yesterday', 'UTC')).toBeUndefined();
    expect(fromZonedLocal('2026-02-30 10:00:00', 'UTC')).toBeUndefined();
    expect(fromZonedLocal('2026-02-10 24:00:00', 'UTC')).toBeUndefined();
  });
});
