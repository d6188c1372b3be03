import type { ProblemFilter } from './problemsQueries.ts';

/** The range the problems grid opens on; choosing another counts as a filter set. */
export const DEFAULT_PROBLEM_RANGE = 'Last 7 Days';

/**
 * How many of the drawer's filters differ from the grid's opening state (open problems of the last 7 days, any
 * level and rule): the count on the phone's 'Filters' button. The search is not counted: it stays in sight.
 */
export function activeFilterCount(filter: ProblemFilter): number {
  const states = filter.states.length !== 1 || filter.states[0] !== 'OPEN';
  const range = filter.range.kind !== 'relative' || filter.range.label !== DEFAULT_PROBLEM_RANGE;
  return [filter.levels.length > 0, states, filter.ruleIds.length > 0, range].filter(Boolean).length;
}
