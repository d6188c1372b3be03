import { describe, expect, it } from 'vitest';
import { formatAgo, formatElapsed } from './elapsed.ts';

describe('formatElapsed', () => {
  it("says the two largest parts in the spec's abbreviations", () => {
    expect(formatElapsed(45_000)).toBe('45s');
    expect(formatElapsed(12 * 60_000 + 5_000)).toBe('12m 5s');
    expect(formatElapsed(2 * 86_400_000 + 4 * 3_600_000 + 59_000)).toBe('2d 4h');
    expect(formatElapsed(40 * 86_400_000)).toBe('1mo 10d');
    expect(formatElapsed(400 * 86_400_000)).toBe('1y 1mo');
  });

  it('drops a zero second part, and says 0s for nothing or less', () => {
    expect(formatElapsed(2 * 3_600_000)).toBe('2h');
    expect(formatElapsed(2 * 3_600_000 + 30_000)).toBe('2h');
    expect(formatElapsed(400)).toBe('0s');
    expect(formatElapsed(-5)).toBe('0s');
  });
});

describe('formatAgo', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);

  it('says how long before now a moment was, in the same words as formatElapsed', () => {
    expect(formatAgo(now - 12_000, now)).toBe('12s ago');
    expect(formatAgo(now - (2 * 3_600_000 + 15 * 60_000 + 40_000), now)).toBe('2h 15m ago');
    expect(formatAgo(now - 3 * 86_400_000, now)).toBe('3d ago');
  });

  it('says 0s ago for a moment at or after now (a unit whose clock runs ahead)', () => {
    expect(formatAgo(now, now)).toBe('0s ago');
    expect(formatAgo(now + 5_000, now)).toBe('0s ago');
  });
});
