import {
  RULE_RECOVERY_MAX_MS,
  RULE_WINDOW_MAX_MS,
  RULE_WINDOW_MIN_MS,
  type BodyOf,
  type problemRulesEndpoints,
  type RuleCondition,
} from '@kelvin/contract';
import { ruleProblems } from '@kelvin/domain';
import { badRequest } from '../../http/httpError.ts';
import type { RuleValues } from './problemRulesRepository.ts';

type RuleFields = Omit<BodyOf<typeof problemRulesEndpoints.problemRuleDefinitionsCreate>, 'companyId'>;

export const RULE_DURATION_LIMITS = {
  windowMinMs: RULE_WINDOW_MIN_MS,
  windowMaxMs: RULE_WINDOW_MAX_MS,
  recoveryMaxMs: RULE_RECOVERY_MAX_MS,
};

/** The condition as it is stored: a value rule keeps no rate (switching modes leaves nothing stale), bits once. */
function storable(condition: RuleCondition): RuleCondition {
  if (condition.kind === 'CHANGE_DETECTION' && condition.mode === 'VALUE') {
    return { ...condition, maxChangePerMinute: null };
  }
  if (condition.kind === 'METRIC_STATUS') return { ...condition, statuses: [...new Set(condition.statuses)] };
  return condition;
}

/**
 * A rule's fields checked beyond the schema (the domain's ruleProblems, which the editor shows too) and ready to
 * store; every problem is named, the first is the message.
 */
export function ruleValues(fields: RuleFields): RuleValues {
  const problems = ruleProblems(fields, RULE_DURATION_LIMITS);
  const [first] = problems;
  if (first) {
    throw badRequest(
      first.message,
      problems.map((problem) => ({ field: `body.${problem.field}`, message: problem.message })),
    );
  }
  const condition = storable(fields.condition);
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
