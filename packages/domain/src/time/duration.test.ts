import { describe, expect, it } from 'vitest';
import {
  DurationError,
  durationToHours,
  formatIsoDuration,
  durationText,
  formatDuration,
  formatDurationHours,
  formatMinutes,
  hoursMinutesToMinutes,
  hoursToDuration,
  isDuration,
  minutesToHoursMinutes,
  parseDuration,
  parseIsoDuration,
  parseTimeInput,
} from './duration.ts';

const zero = { years: 0, months: 0, weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };

describe('parseDuration', () => {
  it('reads every allowed unit: Y, M, W, D before T and H, M, S after it', () => {
    expect(parseDuration('P1Y2M3W4DT5H6M7S')).toEqual({
      years: 1,
      months: 2,
      weeks: 3,
      days: 4,
      hours: 5,
      minutes: 6,
      seconds: 7,
    });
    expect(parseDuration('P2Y')).toEqual({ ...zero, years: 2 });
    expect(parseDuration('P3M')).toEqual({ ...zero, months: 3 });
    expect(parseDuration('P1W')).toEqual({ ...zero, weeks: 1 });
    expect(parseDuration('P5D')).toEqual({ ...zero, days: 5 });
    expect(parseDuration('PT4H')).toEqual({ ...zero, hours: 4 });
    expect(parseDuration('PT30M')).toEqual({ ...zero, minutes: 30 });
    expect(parseDuration('PT15S')).toEqual({ ...zero, seconds: 15 });
    expect(parseDuration('PT0S')).toEqual(zero);
  });

  it('tells months from minutes by the T', () => {
    expect(parseDuration('P1M')).toEqual({ ...zero, months: 1 });
    expect(parseDuration('PT1M')).toEqual({ ...zero, minutes: 1 });
    expect(parseDuration('P1MT1M')).toEqual({ ...zero, months: 1, minutes: 1 });
  });

  it('reads decimal amounts with a point or a comma', () => {
    expect(parseDuration('PT1.5H')).toEqual({ ...zero, hours: 1.5 });
    expect(parseDuration('PT0,5S')).toEqual({ ...zero, seconds: 0.5 });
  });

  it("refuses a string without the leading P in the spec's words", () => {
    expect(() => parseDuration('T5M')).toThrow(
      new DurationError("Duration string T5M not recognized. Must start with 'P'."),
    );
    expect(() => parseDuration('')).toThrow("Duration string  not recognized. Must start with 'P'.");
    expect(() => parseDuration('pt5m')).toThrow("Duration string pt5m not recognized. Must start with 'P'.");
    expect(() => parseDuration('5H')).toThrow(DurationError);
  });

  it("names an unknown unit letter as an 'Unrecognized part'", () => {
    expect(() => parseDuration('P3X')).toThrow(
      new DurationError('Duration string P3X not recognized. Unrecognized part 3X'),
    );
    expect(() => parseDuration('PT5X')).toThrow('Duration string PT5X not recognized. Unrecognized part 5X');
    // H is a time unit, W and D are date units: each only on its side of the T.
    expect(() => parseDuration('P5H')).toThrow('Unrecognized part 5H');
    expect(() => parseDuration('PT1D')).toThrow('Unrecognized part 1D');
    expect(() => parseDuration('PT1W')).toThrow('Unrecognized part 1W');
    expect(() => parseDuration('PT1Y')).toThrow('Unrecognized part 1Y');
  });

  it('refuses what is not a number followed by a unit, units out of order and units given twice', () => {
    expect(() => parseDuration('PTH')).toThrow('Unrecognized part H');
    expect(() => parseDuration('P5')).toThrow('Unrecognized part 5');
    expect(() => parseDuration('PT5M?')).toThrow('Unrecognized part ?');
    expect(() => parseDuration('P-1D')).toThrow('Unrecognized part -1D');
    expect(() => parseDuration('PT30M4H')).toThrow('Unrecognized part 4H');
    expect(() => parseDuration('P1D2D')).toThrow('Unrecognized part 2D');
    expect(() => parseDuration('P1DT1HT2M')).toThrow('Unrecognized part T2M');
  });

  it('refuses an empty duration and a T with nothing after it', () => {
    expect(() => parseDuration('P')).toThrow('Duration string P not recognized. Unrecognized part P');
    expect(() => parseDuration('PT')).toThrow('Duration string PT not recognized. Unrecognized part T');
    expect(() => parseDuration('P1DT')).toThrow('Duration string P1DT not recognized. Unrecognized part T');
  });

  it('isDuration answers without throwing', () => {
    expect(isDuration('PT10M')).toBe(true);
    expect(isDuration('10M')).toBe(false);
    expect(isDuration('P3X')).toBe(false);
  });
});

describe('durationToHours', () => {
  it('counts weeks as 7 days and days as 24 hours', () => {
    expect(durationToHours('PT4H30M')).toBe(4.5);
    expect(durationToHours('P1DT1H')).toBe(25);
    expect(durationToHours('P1W')).toBe(168);
    expect(durationToHours('PT90S')).toBe(0.025);
    expect(durationToHours('PT0S')).toBe(0);
  });

  it('refuses months and years: "Hours can\'t be calculated with months."', () => {
    expect(() => durationToHours('P1M')).toThrow(new DurationError("Hours can't be calculated with months."));
    expect(() => durationToHours('P1Y')).toThrow("Hours can't be calculated with months.");
    expect(() => durationToHours({ ...zero, months: 2, hours: 1 })).toThrow(
      "Hours can't be calculated with months.",
    );
  });

  it('passes parse errors on', () => {
    expect(() => durationToHours('4H')).toThrow("Must start with 'P'.");
  });

  it('shows an estimated duration in hours', () => {
    expect(formatDurationHours('PT4H30M')).toBe('4.5 h');
    expect(formatDurationHours('P1D')).toBe('24 h');
    expect(formatDurationHours('PT20M')).toBe('0.33 h');
    expect(() => formatDurationHours('P1M')).toThrow("Hours can't be calculated with months.");
  });

  it('writes hours back as an ISO duration that reads the same', () => {
    expect(hoursToDuration(4.5)).toBe('PT4H30M');
    expect(hoursToDuration(0)).toBe('PT0S');
    expect(hoursToDuration(0.25)).toBe('PT15M');
    expect(hoursToDuration(-1)).toBe('PT0S');
    for (const hours of [1, 2.75, 30, 0.01]) {
      expect(durationToHours(hoursToDuration(hours))).toBeCloseTo(hours, 6);
    }
  });
});

describe('formatDuration', () => {
  it('uses the abbreviations y, mo, d, h, m, s and leaves zero parts out', () => {
    expect(formatDuration('P1DT2H30M')).toBe('1d 2h 30m');
    expect(formatDuration('P1Y2M3DT4H5M6S')).toBe('1y 2mo 3d 4h 5m 6s');
    expect(formatDuration('PT45M')).toBe('45m');
    expect(formatDuration('PT1.5H')).toBe('1.5h');
  });

  it('shows weeks as days and nothing as 0m', () => {
    expect(formatDuration('P2W1D')).toBe('15d');
    expect(formatDuration('PT0S')).toBe('0m');
  });

  it('carries whole overflow up but never days into months', () => {
    expect(formatDuration('PT90S')).toBe('1m 30s');
    expect(formatDuration('PT90M')).toBe('1h 30m');
    expect(formatDuration('PT36H')).toBe('1d 12h');
    expect(formatDuration('P45D')).toBe('45d');
    expect(formatDuration('PT90.5S')).toBe('90.5s');
  });
});

describe('durationText', () => {
  it('shows the ISO durations a user meets in the spec abbreviations', () => {
    expect(durationText('PT2M')).toBe('2m');
    expect(durationText('PT2H')).toBe('2h');
    expect(durationText('P1DT3H')).toBe('1d 3h');
    expect(durationText('PT90S')).toBe('1m 30s');
    expect(durationText('P1Y2M')).toBe('1y 2mo');
    expect(durationText('PT0S')).toBe('0m');
  });

  it('shows text that is not a duration as it is instead of throwing', () => {
    expect(durationText('2 hours')).toBe('2 hours');
    expect(durationText('PT')).toBe('PT');
    expect(durationText('P2X')).toBe('P2X');
  });
});

describe('time entry durations', () => {
  it('turns hours and minutes into minutes and back', () => {
    expect(hoursMinutesToMinutes({ hours: 1, minutes: 30 })).toBe(90);
    expect(minutesToHoursMinutes(90)).toEqual({ hours: 1, minutes: 30 });
    expect(minutesToHoursMinutes(1440)).toEqual({ hours: 24, minutes: 0 });
    expect(minutesToHoursMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
  });

  it('shows minutes as hours and minutes', () => {
    expect(formatMinutes(90)).toBe('1h 30m');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(120)).toBe('2h');
    expect(formatMinutes(1500)).toBe('25h');
    expect(formatMinutes(0)).toBe('0m');
  });

  it('reads what a user types for time spent', () => {
    expect(parseTimeInput('45m')).toBe(45);
    expect(parseTimeInput('45 min')).toBe(45);
    expect(parseTimeInput('1h30')).toBe(90);
    expect(parseTimeInput('1h 30m')).toBe(90);
    expect(parseTimeInput('1H30M')).toBe(90);
    expect(parseTimeInput('2h')).toBe(120);
    expect(parseTimeInput('2 hours')).toBe(120);
    expect(parseTimeInput('1.5h')).toBe(90);
    expect(parseTimeInput('1:30')).toBe(90);
    expect(parseTimeInput('0:05')).toBe(5);
    expect(parseTimeInput('PT1H30M')).toBe(90);
    expect(parseTimeInput(' 45m ')).toBe(45);
  });

  it('reads a bare number as hours', () => {
    expect(parseTimeInput('1.5')).toBe(90);
    expect(parseTimeInput('1,5')).toBe(90);
    expect(parseTimeInput('2')).toBe(120);
    expect(parseTimeInput('.25')).toBe(15);
  });

  it('answers undefined for what it cannot read', () => {
    for (const text of ['', '   ', 'abc', 'h', 'm', '1:75', '1h30x', 'P1M', 'P3X', '-1h', '1..5']) {
      expect(parseTimeInput(text), text).toBeUndefined();
    }
  });
});

describe('durations in milliseconds (rule windows, intervals, configuration)', () => {
  it('reads date and time parts', () => {
    expect(parseIsoDuration('PT10M')).toBe(600_000);
    expect(parseIsoDuration('PT0S')).toBe(0);
    expect(parseIsoDuration('P1DT2H30M')).toBe(86_400_000 + 2 * 3_600_000 + 30 * 60_000);
    expect(parseIsoDuration('P1W')).toBe(7 * 86_400_000);
    expect(parseIsoDuration('PT1.5S')).toBe(1500);
    // M is months before T and minutes after it.
    expect(parseIsoDuration('P1M')).toBe(30 * 86_400_000);
    expect(parseIsoDuration('PT1M')).toBe(60_000);
  });

  it("refuses what is not a duration in the spec's words", () => {
    expect(() => parseIsoDuration('10M')).toThrow(
      new DurationError("Duration string 10M not recognized. Must start with 'P'."),
    );
    expect(() => parseIsoDuration('PT5X')).toThrow(/Unrecognized part 5X$/);
    expect(() => parseIsoDuration('P5H')).toThrow(/Unrecognized part 5H$/);
    expect(() => parseIsoDuration('P')).toThrow(DurationError);
  });

  it('writes milliseconds back as the shortest duration', () => {
    expect(formatIsoDuration(600_000)).toBe('PT10M');
    expect(formatIsoDuration(0)).toBe('PT0S');
    expect(formatIsoDuration(86_400_000 + 90_000)).toBe('P1DT1M30S');
    expect(parseIsoDuration(formatIsoDuration(123_000))).toBe(123_000);
  });
});
