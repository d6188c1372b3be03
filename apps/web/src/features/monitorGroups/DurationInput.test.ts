import { describe, expect, it } from 'vitest';
import { durationParts, isoOfParts } from './DurationInput.tsx';

describe('duration input', () => {
  it('shows whole hours as hours and anything else as minutes', () => {
    expect(durationParts('PT2H')).toEqual({ amount: 2, unit: 'hours' });
    expect(durationParts('P1D')).toEqual({ amount: 24, unit: 'hours' });
    expect(durationParts('PT90M')).toEqual({ amount: 90, unit: 'minutes' });
    expect(durationParts('PT0S')).toEqual({ amount: 0, unit: 'minutes' });
    expect(durationParts('PT30S')).toEqual({ amount: 0.5, unit: 'minutes' });
    expect(durationParts('garbage')).toEqual({ amount: '', unit: 'minutes' });
  });

  it('stores what was typed as ISO 8601', () => {
    expect(isoOfParts(5, 'minutes')).toBe('PT5M');
    expect(isoOfParts(90, 'minutes')).toBe('PT1H30M');
    expect(isoOfParts(1.5, 'hours')).toBe('PT1H30M');
    expect(isoOfParts(24, 'hours')).toBe('P1D');
    expect(isoOfParts(0, 'minutes')).toBe('PT0S');
    expect(isoOfParts('', 'minutes')).toBe('');
    expect(isoOfParts(-1, 'hours')).toBe('');
  });
});
