import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatSpecDateTime, formatTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('shows the moment in the zone given', () => {
    const noonUtc = Date.UTC(2026, 10, 25, 12, 0, 5);
    expect(formatDateTime(noonUtc, 'Asia/Tokyo')).toBe('11/25/2026 09:00:05 PM');
    expect(formatDateTime(noonUtc, 'UTC')).toBe('11/25/2026 12:00:05 PM');
  });

  it('keeps the spec pattern whatever the browser locale', () => {
    const morning = Date.UTC(2026, 0, 5, 9, 5, 3);
    expect(formatDateTime(morning, 'Europe/Berlin')).toBe('01/05/2026 10:05:03 AM');
    expect(formatDate(morning, 'UTC')).toBe('01/05/2026');
    expect(formatTime(morning, 'UTC')).toBe('09:05:03 AM');
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
