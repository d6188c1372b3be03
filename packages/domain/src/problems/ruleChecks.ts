import { DurationError, parseIsoDuration } from '../time/duration.ts';
import { expressionError } from './queryExpression.ts';

/** How long a rule may look back and wait to recover (the contract's RULE_* constants). */
export interface RuleDurationLimits {
  windowMinMs: number;
  windowMaxMs: number;
  recoveryMaxMs: number;
}

/** What the checks read of a rule's condition; the contract's conditions fit it. */
export type CheckedCondition =
  | {
      kind: 'THRESHOLD';
      limits: { source: 'THRESHOLD_GROUP' } | { source: 'FIXED'; above: number | null; below: number | null };
    }
  | { kind: 'METRIC_STATUS' }
  | { kind: 'CHANGE_DETECTION'; mode: 'VALUE' | 'RATE'; maxChangePerMinute: number | null }
  | { kind: 'COMMUNICATION_LOST' }
  | { kind: 'QUERY'; terms: readonly { name: string }[]; expression: string }
  | { kind: 'MANUAL' };

export interface RuleProblem {
  /** The field's path in a rule's body, e.g. `timeWindow` or `condition.expression`. */
  field: string;
  message: string;
}

const UNITS: readonly [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** 60 000 → '1 minute', 7 200 000 → '2 hours': limits in words, so that messages follow the constants. */
export function durationInWords(ms: number): string {
  const [size, unit] = UNITS.find(([one]) => ms >= one && ms % one === 0) ?? [1, 'millisecond'];
  const amount = ms / size;
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function durationProblem(
  field: string,
  text: string,
  check: (ms: number) => string | null,
): RuleProblem | null {
  try {
    const message = check(parseIsoDuration(text));
    return message === null ? null : { field, message };
  } catch (error) {
    if (error instanceof DurationError) return { field, message: error.message };
    throw error;
  }
}

function conditionProblems(condition: CheckedCondition): RuleProblem[] {
  switch (condition.kind) {
    case 'MANUAL':
      return [
        {
          field: 'condition.kind',
          message: 'Manual rules are made with an ad hoc problem, not as rule definitions.',
        },
      ];
    case 'THRESHOLD': {
      const { limits } = condition;
      const squeezed =
        limits.source === 'FIXED' &&
        limits.above !== null &&
        limits.below !== null &&
        limits.above <= limits.below;
      return squeezed
        ? [
            {
              field: 'condition.limits.above',
              message: 'The upper limit must be above the lower limit: every value would breach.',
            },
          ]
        : [];
    }
    case 'CHANGE_DETECTION':
      return condition.mode === 'RATE' && condition.maxChangePerMinute === null
        ? [
            {
              field: 'condition.maxChangePerMinute',
              message: 'Set the largest change per minute that is not a breach.',
            },
          ]
        : [];
    case 'QUERY': {
      const problems: RuleProblem[] = [];
      const seen = new Set<string>();
      condition.terms.forEach((term, index) => {
        if (seen.has(term.name)) {
          problems.push({
            field: `condition.terms.${index}.name`,
            message: `The term name ${term.name} is used twice.`,
          });
        }
        seen.add(term.name);
      });
      const error = expressionError(condition.expression, [...seen]);
      if (error) problems.push({ field: 'condition.expression', message: error.message });
      return problems;
    }
    case 'METRIC_STATUS':
    case 'COMMUNICATION_LOST':
      return [];
  }
}

/**
 * What a rule's schema cannot say: a window and recovery within the limits, a QUERY expression that parses and
 * names only its terms (each named once), a rate rule with its rate, fixed limits that leave values that do not
 * breach, and no manual rule outside ad hoc problems. The server refuses with these and the editor shows them.
 */
export function ruleProblems(
  rule: { timeWindow: string; recoveryDuration: string; condition: CheckedCondition },
  limits: RuleDurationLimits,
): RuleProblem[] {
  const window = durationProblem('timeWindow', rule.timeWindow, (ms) =>
    ms < limits.windowMinMs || ms > limits.windowMaxMs
      ? `The time window must be from ${durationInWords(limits.windowMinMs)} to ${durationInWords(limits.windowMaxMs)}.`
      : null,
  );
  const recovery = durationProblem('recoveryDuration', rule.recoveryDuration, (ms) =>
    ms > limits.recoveryMaxMs
      ? `The recovery duration must be at most ${durationInWords(limits.recoveryMaxMs)}.`
      : null,
  );
  return [...(window ? [window] : []), ...(recovery ? [recovery] : []), ...conditionProblems(rule.condition)];
}
