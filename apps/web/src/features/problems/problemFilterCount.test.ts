import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './problemFilterCount.ts';
import type { ProblemFilter } from './problemsQueries.ts';

const opening: ProblemFilter = {
  levels: [],
  states: ['OPEN'],
  ruleIds: [],
  range: { kind: 'relative', label: 'Last 7 Days' },
  text: '',
};

describe('activeFilterCount', () => {
  it('counts nothing in the opening state, whatever is searched', () => {
    expect(activeFilterCount(opening)).toBe(0);
    expect(activeFilterCount({ ...opening, text: 'CRAH' })).toBe(0);
  });

  it('counts each filter that differs from the opening state once', () => {
    expect(activeFilterCount({ ...opening, levels: ['CRITICAL', 'WARNING'] })).toBe(1);
    expect(activeFilterCount({ ...opening, states: ['OPEN', 'CLOSED'] })).toBe(1);
    expect(activeFilterCount({ ...opening, states: ['CLOSED'] })).toBe(1);
    expect(activeFilterCount({ ...opening, ruleIds: [3] })).toBe(1);
    expect(activeFilterCount({ ...opening, range: { kind: 'relative', label: 'Last 24 Hours' } })).toBe(1);
    expect(
      activeFilterCount({
        levels: ['INFO'],
        states: [],
        ruleIds: [1, 2],
        range: { kind: 'absolute', from: 0, to: 1 },
        text: '',
      }),
    ).toBe(4);
  });
});
