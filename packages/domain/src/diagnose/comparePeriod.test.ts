import { describe, expect, it } from 'vitest';
import { comparedRange, compareOffset, isCompareChoice, offsetLabel } from './comparePeriod.ts';

const HOUR = 3_600_000;
const range = { from: 100 * HOUR, to: 102 * HOUR };

describe('compare with an earlier period', () => {
  it('moves the range back by a fixed offset', () => {
    expect(comparedRange({ kind: 'offset', ms: 24 * HOUR }, range)).toEqual({
      from: 76 * HOUR,
      to: 78 * HOUR,
    });
  });

  it('takes a window as long as the range from a chosen start', () => {
    const choice = { kind: 'start', at: 40 * HOUR } as const;
    expect(compareOffset(choice, range)).toBe(60 * HOUR);
    expect(comparedRange(choice, range)).toEqual({ from: 40 * HOUR, to: 42 * HOUR });
  });

  it('names the offset for the legend', () => {
    expect(offsetLabel(24 * HOUR)).toBe('1 d earlier');
    expect(offsetLabel(7 * 24 * HOUR)).toBe('7 d earlier');
    expect(offsetLabel(51 * HOUR)).toBe('2 d 3 h earlier');
    expect(offsetLabel(-3 * HOUR)).toBe('3 h later');
    expect(offsetLabel(15 * 60_000)).toBe('15 min earlier');
    expect(offsetLabel(30 * 60_000)).toBe('30 min earlier');
  });

  it('accepts only well-formed stored choices', () => {
    expect(isCompareChoice({ kind: 'offset', ms: HOUR })).toBe(true);
    expect(isCompareChoice({ kind: 'offset', ms: -HOUR })).toBe(false);
    expect(isCompareChoice({ kind: 'start', at: 'yesterday' })).toBe(false);
    expect(isCompareChoice(null)).toBe(false);
  });
});
