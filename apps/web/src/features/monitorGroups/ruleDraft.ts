import {
  contract,
  RULE_RECOVERY_MAX_MS,
  RULE_WINDOW_MAX_MS,
  RULE_WINDOW_MIN_MS,
  type BodyInput,
  type ProblemLevel,
  type ProblemRuleDefinition,
  type RuleCondition,
  type RuleKind,
} from '@kelvin/contract';
import { ruleProblems } from '@kelvin/domain';

export type EvaluatedKind = Exclude<RuleKind, 'MANUAL'>;
export const EVALUATED_KINDS: readonly EvaluatedKind[] = [
  'THRESHOLD',
  'METRIC_STATUS',
  'CHANGE_DETECTION',
  'COMMUNICATION_LOST',
  'QUERY',
];
export type ConditionOf<K extends EvaluatedKind> = Extract<RuleCondition, { kind: K }>;

/**
 * What the rule editor holds: the common fields, and a condition per kind, so that trying another kind and coming
 * back keeps what was entered.
 */
export interface RuleDraft {
  name: string;
  description: string;
  kind: EvaluatedKind;
  conditions: { [K in EvaluatedKind]: ConditionOf<K> };
  timeWindow: string;
  recoveryDuration: string;
  impactLevel: ProblemLevel;
  tags: string[];
}

export type RuleFields = Omit<BodyInput<typeof contract.problemRuleDefinitionsCreate>, 'companyId'>;

const freshConditions = (): RuleDraft['conditions'] => ({
  THRESHOLD: {
    kind: 'THRESHOLD',
    metricAlias: '',
    aggregation: 'AVERAGE',
    limits: { source: 'THRESHOLD_GROUP' },
  },
  METRIC_STATUS: { kind: 'METRIC_STATUS', metricAlias: '', statuses: ['ALARM', 'FAULT'] },
  CHANGE_DETECTION: { kind: 'CHANGE_DETECTION', metricAlias: '', mode: 'VALUE', maxChangePerMinute: null },
  COMMUNICATION_LOST: { kind: 'COMMUNICATION_LOST', subject: 'ASSET' },
  QUERY: {
    kind: 'QUERY',
    terms: [{ name: 'a', metricAlias: '', aggregation: 'AVERAGE' }],
    expression: 'a',
    comparison: 'ABOVE',
    threshold: 0,
  },
});

/** A new rule: a threshold over five minutes, recovering after five, at warning level. */
export function newRuleDraft(): RuleDraft {
  return {
    name: '',
    description: '',
    kind: 'THRESHOLD',
    conditions: freshConditions(),
    timeWindow: 'PT5M',
    recoveryDuration: 'PT5M',
    impactLevel: 'WARNING',
    tags: [],
  };
}

/** A stored rule in the editor (its condition in its kind's place). */
export function draftOf(rule: ProblemRuleDefinition): RuleDraft {
  const draft: RuleDraft = {
    ...newRuleDraft(),
    name: rule.name,
    description: rule.description ?? '',
    timeWindow: rule.timeWindow,
    recoveryDuration: rule.recoveryDuration,
    impactLevel: rule.impactLevel,
    tags: [...rule.tags],
  };
  return withCondition(draft, rule.condition);
}

/** The draft with `condition` as its kind's condition, and that kind chosen; a manual one changes nothing. */
export function withCondition(draft: RuleDraft, condition: RuleCondition): RuleDraft {
  switch (condition.kind) {
    case 'THRESHOLD':
      return { ...draft, kind: condition.kind, conditions: { ...draft.conditions, THRESHOLD: condition } };
    case 'METRIC_STATUS':
      return {
        ...draft,
        kind: condition.kind,
        conditions: { ...draft.conditions, METRIC_STATUS: condition },
      };
    case 'CHANGE_DETECTION':
      return {
        ...draft,
        kind: condition.kind,
        conditions: { ...draft.conditions, CHANGE_DETECTION: condition },
      };
    case 'COMMUNICATION_LOST':
      return {
        ...draft,
        kind: condition.kind,
        conditions: { ...draft.conditions, COMMUNICATION_LOST: condition },
      };
    case 'QUERY':
      return { ...draft, kind: condition.kind, conditions: { ...draft.conditions, QUERY: condition } };
    case 'MANUAL':
      return draft;
  }
}

/** What the server is sent: the chosen kind's condition, blanks trimmed, a blank description as null. */
export function ruleFieldsOf(draft: RuleDraft): RuleFields {
  const description = draft.description.trim();
  return {
    name: draft.name.trim(),
    description: description === '' ? null : description,
    condition: draft.conditions[draft.kind],
    timeWindow: draft.timeWindow,
    recoveryDuration: draft.recoveryDuration,
    impactLevel: draft.impactLevel,
    tags: draft.tags,
  };
}

const bodySchema = contract.problemRuleDefinitionsCreate.body;
const LIMITS = {
  windowMinMs: RULE_WINDOW_MIN_MS,
  windowMaxMs: RULE_WINDOW_MAX_MS,
  recoveryMaxMs: RULE_RECOVERY_MAX_MS,
};

/**
 * Each field's first problem, by its path in the body (`name`, `condition.metricAlias`, `timeWindow`): the
 * contract's schema, then the domain's checks the server applies, in the server's own words.
 */
export function draftProblems(draft: RuleDraft): Map<string, string> {
  const problems = new Map<string, string>();
  const fields = ruleFieldsOf(draft);
  for (const field of ['timeWindow', 'recoveryDuration'] as const) {
    if (fields[field] === '') problems.set(field, 'Enter a duration');
  }
  const parsed = bodySchema.safeParse({ companyId: 1, ...fields });
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    if (!problems.has(path)) problems.set(path, issue.message);
  }
  const checked = { ...fields, condition: draft.conditions[draft.kind] };
  for (const problem of ruleProblems(checked, LIMITS)) {
    if (!problems.has(problem.field)) problems.set(problem.field, problem.message);
  }
  return problems;
}
