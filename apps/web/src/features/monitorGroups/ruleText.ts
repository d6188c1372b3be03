import type { ProblemRuleDefinition, RuleCondition, RuleKind } from '@kelvin/contract';
import { DurationError, parseIsoDuration } from '@kelvin/domain';

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
const AGGREGATION_WORDS = { AVERAGE: 'Average', MAX: 'Highest', MIN: 'Lowest' } as const;

const UNITS: readonly [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** An ISO 8601 duration as a person says it: PT90M → '1 hour 30 minutes', PT0S → 'none'. */
export function durationLabel(iso: string): string {
  let rest: number;
  try {
    rest = parseIsoDuration(iso);
  } catch (error) {
    if (error instanceof DurationError) return iso;
    throw error;
  }
  if (rest === 0) return 'none';
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    const amount = Math.floor(rest / size);
    if (amount === 0) continue;
    parts.push(`${amount} ${unit}${amount === 1 ? '' : 's'}`);
    rest -= amount * size;
  }
  return parts.length > 0 ? parts.join(' ') : iso;
}

const number = (value: number) => String(value);

/** One line saying when a rule breaches, e.g. 'Average of temperature.supplyAir past the threshold group's limits'. */
export function conditionSummary(condition: RuleCondition): string {
  switch (condition.kind) {
    case 'THRESHOLD': {
      const of = `${AGGREGATION_WORDS[condition.aggregation]} of ${condition.metricAlias}`;
      const { limits } = condition;
      if (limits.source === 'THRESHOLD_GROUP') return `${of} past the threshold group’s limits`;
      const sides = [
        limits.above === null ? null : `above ${number(limits.above)}`,
        limits.below === null ? null : `below ${number(limits.below)}`,
      ].filter((side) => side !== null);
      return `${of} ${sides.join(' or ')}`;
    }
    case 'METRIC_STATUS':
      return `${condition.metricAlias} reads with ${condition.statuses.join(' or ')}`;
    case 'CHANGE_DETECTION':
      return condition.mode === 'VALUE'
        ? `${condition.metricAlias} changes`
        : `${condition.metricAlias} changes by more than ${number(condition.maxChangePerMinute ?? 0)} a minute`;
    case 'COMMUNICATION_LOST':
      return condition.subject === 'ASSET' ? 'The unit sends no reading' : 'Its agent makes no call';
    case 'QUERY':
      return `${condition.expression} ${condition.comparison === 'ABOVE' ? 'above' : 'below'} ${number(condition.threshold)}`;
    case 'MANUAL':
      return 'Raised by a person';
  }
}

/** 'over 2 minutes, recovers after 2 minutes' */
export function windowSummary(rule: Pick<ProblemRuleDefinition, 'timeWindow' | 'recoveryDuration'>): string {
  const recovery = durationLabel(rule.recoveryDuration);
  return `Over ${durationLabel(rule.timeWindow)}; ${recovery === 'none' ? 'recovers at once' : `recovers after ${recovery}`}`;
}
