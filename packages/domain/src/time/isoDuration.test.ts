import { describe, expect, it } from 'vitest';
import { DurationError, formatIsoDuration, parseIsoDuration } from './isoDuration.ts';

describe('ISO 8601 durations', () => {
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

  it("refuses what does not start with P in the spec's words", () => {
    expect(() => parseIsoDuration('10M')).toThrow(
      new DurationError("Duration string 10M not recognized. Must start with 'P'."),
    );
  });

  it('names an unknown unit letter as an unrecognized part', () => {
    expect(() => parseIsoDuration('PT5X')).toThrow(/^Unrecognized part 5X$/);
    expect(() => parseIsoDuration('P5H')).toThrow(/^Unrecognized part 5H$/);
    expect(() => parseIsoDuration('PT5M?')).toThrow(/^Unrecognized part \?$/);
    expect(() => parseIsoDuration('P')).toThrow(DurationError);
  });

  it('writes milliseconds back as the shortest duration', () => {
    expect(formatIsoDuration(600_000)).toBe('PT10M');
    expect(formatIsoDuration(0)).toBe('PT0S');
    expect(formatIsoDuration(86_400_000 + 90_000)).toBe('P1DT1M30S');
    expect(parseIsoDuration(formatIsoDuration(123_000))).toBe(123_000);
  });
});
