import {
  RULE_RECOVERY_MAX_MS,
  RULE_WINDOW_MAX_MS,
  RULE_WINDOW_MIN_MS,
  type BodyOf,
  type problemRulesEndpoints,
  type RuleCondition,
} from '@kelvin/contract';
import { DurationError, expressionError, parseIsoDuration } from '@kelvin/domain';
import { badField } from '../../http/httpError.ts';
import type { RuleValues } from './problemRulesRepository.ts';

type RuleFields = Omit<BodyOf<typeof problemRulesEndpoints.problemRuleDefinitionsCreate>, 'companyId'>;

const UNITS: readonly [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** 60 000 → '1 minute', 7 200 000 → '2 hours': the limits in words, so messages follow the constants. */
export function durationInWords(ms: number): string {
  const [size, unit] = UNITS.find(([one]) => ms % one === 0 && ms >= one) ?? [1, 'millisecond'];
  const amount = ms / size;
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function durationMs(field: string, text: string): number {
  try {
    return parseIsoDuration(text);
  } catch (error) {
    if (error instanceof DurationError) throw badField(field, error.message);
    throw error;
  }
}

/** The window and recovery a rule may have: a window from a minute to a day, recovery of at most a day. */
function checkDurations(fields: RuleFields): void {
  const windowMs = durationMs('body.timeWindow', fields.timeWindow);
  if (windowMs < RULE_WINDOW_MIN_MS || windowMs > RULE_WINDOW_MAX_MS) {
    throw badField(
      'body.timeWindow',
      `The time window must be from ${durationInWords(RULE_WINDOW_MIN_MS)} to ${durationInWords(RULE_WINDOW_MAX_MS)}.`,
    );
  }
  const recoveryMs = durationMs('body.recoveryDuration', fields.recoveryDuration);
  if (recoveryMs > RULE_RECOVERY_MAX_MS) {
    throw badField(
      'body.recoveryDuration',
      `The recovery duration must be at most ${durationInWords(RULE_RECOVERY_MAX_MS)}.`,
    );
  }
}

/** What the schema cannot say about each kind's condition; answers the condition as it is stored. */
function checkCondition(condition: RuleCondition): RuleCondition {
  switch (condition.kind) {
    case 'MANUAL':
      throw badField(
        'body.condition.kind',
        'Manual rules are made with an ad hoc problem, not as rule definitions.',
      );
    case 'THRESHOLD': {
      const { limits } = condition;
      if (limits.source === 'FIXED' && limits.above !== null && limits.below !== null) {
        if (limits.above <= limits.below) {
          throw badField(
            'body.condition.limits.above',
            'The upper limit must be above the lower limit: every value would breach.',
          );
        }
      }
      return condition;
    }
    case 'METRIC_STATUS':
      return { ...condition, statuses: [...new Set(condition.statuses)] };
    case 'CHANGE_DETECTION':
      if (condition.mode === 'RATE' && condition.maxChangePerMinute === null) {
        throw badField(
          'body.condition.maxChangePerMinute',
          'Set the largest change per minute that is not a breach.',
        );
      }
      // A value rule has no rate: none is kept, so that switching modes leaves nothing stale behind.
      return condition.mode === 'VALUE' ? { ...condition, maxChangePerMinute: null } : condition;
    case 'COMMUNICATION_LOST':
      return condition;
    case 'QUERY': {
      const seen = new Set<string>();
      condition.terms.forEach((term, index) => {
        if (seen.has(term.name)) {
          throw badField(`body.condition.terms.${index}.name`, `The term name ${term.name} is used twice.`);
        }
        seen.add(term.name);
      });
      const error = expressionError(condition.expression, [...seen]);
      if (error) throw badField('body.condition.expression', error.message);
      return condition;
    }
  }
}

/** A rule's fields checked beyond the schema and ready to store (tags trimmed by the schema, kept once each). */
export function ruleValues(fields: RuleFields): RuleValues {
  checkDurations(fields);
  const condition = checkCondition(fields.condition);
  return {
    name: fields.name,
    description: fields.description === '' ? null : fields.description,
    kind: condition.kind,
    condition,
    timeWindow: fields.timeWindow,
    recoveryDuration: fields.recoveryDuration,
    impactLevel: fields.impactLevel,
    tags: [...new Set(fields.tags)],
  };
}
