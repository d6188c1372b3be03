import { describe, expect, it } from 'vitest';
import {
  addMonths,
  fromCalendarDate,
  stepDay,
  toCalendarDate,
  viewDays,
  viewInstants,
  weekStart,
} from './calendarRange.ts';

describe('calendar ranges', () => {
  it('starts weeks on Sunday in the United States style and on Monday in the European', () => {
    // 2026-11-26 is a Thursday.
    expect(weekStart('2026-11-26', 'US')).toBe('2026-11-22');
    expect(weekStart('2026-11-26', 'EU')).toBe('2026-11-23');
    expect(weekStart('2026-11-22', 'EU')).toBe('2026-11-16');
  });

  it('covers a week, six weeks around a month, or one day for technicians', () => {
    expect(viewDays('week', '2026-11-26', 'US')).toEqual({ first: '2026-11-22', end: '2026-11-29' });
    expect(viewDays('agenda', '2026-11-26', 'EU')).toEqual({ first: '2026-11-23', end: '2026-11-30' });
    expect(viewDays('month', '2026-11-26', 'US')).toEqual({ first: '2026-11-01', end: '2026-12-13' });
    expect(viewDays('technicians', '2026-11-26', 'US')).toEqual({ first: '2026-11-26', end: '2026-11-27' });
  });

  it("asks for the view's days from midnight in the chosen zone", () => {
    expect(viewInstants('week', '2026-11-26', 'US', 'America/New_York')).toEqual({
      from: '2026-11-22T05:00:00.000Z',
      to: '2026-11-29T05:00:00.000Z',
    });
    expect(viewInstants('technicians', '2026-07-01', 'EU', 'Asia/Tokyo')).toEqual({
      from: '2026-06-30T15:00:00.000Z',
      to: '2026-07-01T15:00:00.000Z',
    });
  });

  it('steps a month in the month view (clamped to short months), a week or a day otherwise', () => {
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(stepDay('week', '2026-11-26', -1)).toBe('2026-11-19');
    expect(stepDay('technicians', '2026-11-30', 1)).toBe('2026-12-01');
  });

  it("hands the calendar the zone's wall clock as UTC and reads its dates back to the same instant", () => {
    const instant = '2026-11-26T14:30:00.000Z';
    const inTokyo = toCalendarDate(instant, 'Asia/Tokyo');
    expect(inTokyo.toISOString()).toBe('2026-11-26T23:30:00.000Z');
    expect(fromCalendarDate(inTokyo, 'Asia/Tokyo')).toBe(instant);
    expect(fromCalendarDate(new Date('2026-07-01T09:00:00Z'), 'Europe/Paris')).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });
});
