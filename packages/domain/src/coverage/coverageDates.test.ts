import { describe, expect, it } from 'vitest';
import {
  addDurationToDate,
  calendarDateIn,
  isCalendarDate,
  isDateWithin,
  isWarrantyExpired,
} from './coverageDates.ts';

describe('coverage dates', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });

  it('reads the calendar date of a moment in a zone', () => {
    const at = Date.parse('2025-03-01T20:00:00Z');
    expect(calendarDateIn(at, 'UTC')).toBe('2025-03-01');
    expect(calendarDateIn(at, 'Asia/Tokyo')).toBe('2025-03-02');
    expect(calendarDateIn(at, 'America/Los_Angeles')).toBe('2025-03-01');
    expect(calendarDateIn(Date.parse('2025-03-01T05:00:00Z'), 'America/Los_Angeles')).toBe('2025-02-28');
  });

  it('adds years, months, weeks and days as calendar units, clamping to the month end', () => {
    expect(addDurationToDate('2025-03-01', 'P2Y')).toBe('2027-03-01');
    expect(addDurationToDate('2024-02-29', 'P1Y')).toBe('2025-02-28');
    expect(addDurationToDate('2024-01-31', 'P1M')).toBe('2024-02-29');
    expect(addDurationToDate('2025-11-15', 'P3M')).toBe('2026-02-15');
    expect(addDurationToDate('2025-12-25', 'P1W')).toBe('2026-01-01');
    expect(addDurationToDate('2025-01-01', 'P1Y6M10D')).toBe('2026-07-11');
  });

  it('refuses time parts, fractions and bad dates', () => {
    expect(() => addDurationToDate('2025-01-01', 'PT5H')).toThrow(/whole days/);
    expect(() => addDurationToDate('2025-01-01', 'P1.5Y')).toThrow(/whole/);
    expect(() => addDurationToDate('2025-01-01', '2Y')).toThrow(/Must start with 'P'/);
    expect(() => addDurationToDate('2025-02-30', 'P1Y')).toThrow(/not a date/);
  });

  it('includes both the first and the last day', () => {
    expect(isDateWithin('2025-01-01', '2025-01-01', '2025-12-31')).toBe(true);
    expect(isDateWithin('2025-12-31', '2025-01-01', '2025-12-31')).toBe(true);
    expect(isDateWithin('2026-01-01', '2025-01-01', '2025-12-31')).toBe(false);
    expect(isDateWithin('2024-12-31', '2025-01-01', '2025-12-31')).toBe(false);
  });

  it('expires a warranty once today in its own zone is past its end date', () => {
    const warranty = { endDate: '2025-03-01', timeZoneId: 'Asia/Tokyo' };
    // 2025-03-01T16:00Z is already 2 March in Tokyo: expired there, though still 1 March in UTC.
    expect(isWarrantyExpired(warranty, Date.parse('2025-03-01T14:59:00Z'))).toBe(false);
    expect(isWarrantyExpired(warranty, Date.parse('2025-03-01T16:00:00Z'))).toBe(true);
    expect(isWarrantyExpired({ ...warranty, timeZoneId: 'UTC' }, Date.parse('2025-03-01T16:00:00Z'))).toBe(
      false,
    );
  });
});
