import type { ProblemRuleDefinition, RuleCondition, RuleKind } from '@kelvin/contract';
import {
  conditionSentence,
  DurationError,
  durationText,
  parseIsoDuration,
  type ConditionContext,
  type DescribedMetric,
} from '@kelvin/domain';

export const RULE_KIND_LABELS: Readonly<Record<RuleKind, string>> = {
  THRESHOLD: 'Threshold',
  METRIC_STATUS: 'Metric status',
  CHANGE_DETECTION: 'Change detection',
  COMMUNICATION_LOST: 'Communication lost',
  QUERY: 'Query',
  MANUAL: 'Manual',
};

export const RULE_KIND_HINTS: Readonly<Record<Exclude<RuleKind, 'MANUAL'>, string>> = {
  THRESHOLD: 'A metric aggregated over the window, past the threshold group’s limits or fixed ones',
  METRIC_STATUS: 'Any reading in the window carrying an alarm, fault or other status bit',
  CHANGE_DETECTION: 'A value that changes in the window, or changes faster than a rate',
  COMMUNICATION_LOST: 'A unit that sends nothing, or an agent that makes no call, for the whole window',
  QUERY: 'Arithmetic over several metrics’ aggregates, compared with a number',
};

export const AGGREGATION_LABELS = { AVERAGE: 'Average', MAX: 'Maximum', MIN: 'Minimum' } as const;
/**
 * One line saying when a rule breaches, e.g. "Average of supply air outside the unit's threshold limits": the
 * domain's sentence (conditionSentence), metrics by name when the catalogue is known. The window is said on its own
 * line (windowSummary), so it is left out here.
 */
export function conditionSummary(
  condition: RuleCondition,
  metric?: (alias: string) => DescribedMetric | undefined,
): string {
  return conditionSentence(condition, metric === undefined ? {} : { metric });
}

/** A rule's whole condition in words, window included: what the problem drawer says of an alert's rule. */
export function ruleConditionText(
  rule: Pick<ProblemRuleDefinition, 'condition' | 'timeWindow'>,
  context: Omit<ConditionContext, 'timeWindow'> = {},
): string {
  return conditionSentence(rule.condition, { ...context, timeWindow: rule.timeWindow });
}

/** True for a duration of nothing (PT0S), which reads 'at once' rather than '0m'. */
function isNone(iso: string): boolean {
  try {
    return parseIsoDuration(iso) === 0;
  } catch (error) {
    if (error instanceof DurationError) return false;
    throw error;
  }
}

/** 'Over 2m; recovers after 2m', in the spec's abbreviations (durationText). */
export function windowSummary(rule: Pick<ProblemRuleDefinition, 'timeWindow' | 'recoveryDuration'>): string {
  const recovery = isNone(rule.recoveryDuration)
    ? 'recovers at once'
    : `recovers after ${durationText(rule.recoveryDuration)}`;
  return `Over ${durationText(rule.timeWindow)}; ${recovery}`;
}
