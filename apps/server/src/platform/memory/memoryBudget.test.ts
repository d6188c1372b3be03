import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_RESOLVED_POINT,
  DEFAULT_MEMORY_MB,
  MIN_MEMORY_MB,
  PROCESS_RESERVE_MB,
  splitMemoryBudget,
} from './memoryBudget.ts';

const MB = 1024 * 1024;

/** What the shares add up to, in MB, with the reserve for Node itself. */
function plannedMb(totalMb: number, cores: number): number {
  const budget = splitMemoryBudget(totalMb, cores);
  return (
    PROCESS_RESERVE_MB +
    budget.duckdbMemoryLimitMb +
    budget.seriesCacheBytes / MB +
    (budget.uploadMemoryPoints * BYTES_PER_RESOLVED_POINT) / MB
  );
}

describe('splitMemoryBudget', () => {
  it('never plans more than the budget, from the smallest to a large one', () => {
    for (const totalMb of [MIN_MEMORY_MB, 1500, DEFAULT_MEMORY_MB, 8192, 65_536]) {
      expect(plannedMb(totalMb, 2)).toBeLessThanOrEqual(totalMb);
      // And uses most of it: a split that left half unused would not be a budget.
      expect(plannedMb(totalMb, 2)).toBeGreaterThan(totalMb * 0.99);
    }
  });

  it('gives the default budget on two cores half of what may grow to DuckDB, on both cores', () => {
    const budget = splitMemoryBudget(DEFAULT_MEMORY_MB, 2);
    expect(budget.duckdbMemoryLimitMb).toBe((DEFAULT_MEMORY_MB - PROCESS_RESERVE_MB) / 2);
    expect(budget.duckdbThreads).toBe(2);
    expect(budget.seriesCacheBytes).toBeGreaterThan(256 * MB);
    expect(budget.uploadMemoryPoints).toBeGreaterThan(1_000_000);
  });

  it('runs DuckDB on fewer threads than cores when its share is small, and on at least one', () => {
    expect(splitMemoryBudget(MIN_MEMORY_MB, 16).duckdbThreads).toBe(1);
    expect(splitMemoryBudget(8192, 16).duckdbThreads).toBe(14);
    expect(splitMemoryBudget(65_536, 16).duckdbThreads).toBe(16);
    expect(splitMemoryBudget(8192, 0).duckdbThreads).toBe(1);
  });

  it('refuses a budget below the minimum or not a whole number', () => {
    expect(() => splitMemoryBudget(MIN_MEMORY_MB - 1, 2)).toThrow(RangeError);
    expect(() => splitMemoryBudget(2048.5, 2)).toThrow(/whole number of at least 1280 MB/);
  });
});
