import { describe, expect, it } from 'vitest';
import { chartInterval, chartMaxPoints } from './chartInterval.ts';

const hour = 3_600_000;
const day = 24 * hour;

describe('chart interval', () => {
  it('picks the smallest round step with at most one bucket per pixel', () => {
    expect(chartInterval({ from: 0, to: hour }, 1200)).toBe(5_000);
    expect(chartInterval({ from: 0, to: day }, 1200)).toBe(120_000);
    expect(chartInterval({ from: 0, to: 7 * day }, 1200)).toBe(600_000);
    expect(chartInterval({ from: 0, to: 5 * 60_000 }, 1200)).toBe(1_000);
  });

  it('goes past a day in whole days for multi-year ranges', () => {
    expect(chartInterval({ from: 0, to: 730 * day }, 300)).toBe(3 * day);
  });

  it('keeps maxPoints within the contract', () => {
    expect(chartMaxPoints(3)).toBe(10);
    expect(chartMaxPoints(1234.4)).toBe(1234);
    expect(chartMaxPoints(50_000)).toBe(10_000);
  });
});
