import { describe, expect, it } from 'vitest';
import { formatDateTime, formatSpecDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('shows the moment in the zone given', () => {
    const noonUtc = Date.UTC(2026, 10, 25, 12, 0, 5);
    expect(formatDateTime(noonUtc, 'Asia/Tokyo')).toMatch(/9:00:05\sPM/);
    expect(formatDateTime(noonUtc, 'UTC')).toMatch(/12:00:05\sPM/);
  });
});

describe('formatSpecDateTime', () => {
  it('shows MM/dd/yyyy and hh:mm:ss a in the zone given, whatever the locale', () => {
    const moment = Date.UTC(2026, 0, 5, 15, 4, 3);
    expect(formatSpecDateTime(moment, 'UTC')).toEqual({ date: '01/05/2026', time: '03:04:03 PM' });
    expect(formatSpecDateTime(new Date(moment).toISOString(), 'Asia/Tokyo')).toEqual({
      date: '01/06/2026',
      time: '12:04:03 AM',
    });
  });

  it("says 'Date Not Available' for a missing or invalid date", () => {
    expect(formatSpecDateTime(null, 'UTC')).toBe('Date Not Available');
    expect(formatSpecDateTime('soon', 'UTC')).toBe('Date Not Available');
  });
});
