import { durationText } from '../time/duration.ts';
import type { GroupLimits, Level, WindowAggregation } from './ruleVerdict.ts';

/** What the sentence reads of a rule's condition; the contract's conditions fit it. */
export type DescribedCondition =
  | {
      kind: 'THRESHOLD';
      metricAlias: string;
      aggregation: WindowAggregation;
      limits: { source: 'THRESHOLD_GROUP' } | { source: 'FIXED'; above: number | null; below: number | null };
    }
  | { kind: 'METRIC_STATUS'; metricAlias: string; statuses: readonly string[] }
  | {
      kind: 'CHANGE_DETECTION';
      metricAlias: string;
      mode: 'VALUE' | 'RATE';
      maxChangePerMinute: number | null;
    }
  | { kind: 'COMMUNICATION_LOST'; subject: 'ASSET' | 'AGENT' }
  | {
      kind: 'QUERY';
      terms: readonly { name: string; metricAlias: string; aggregation: WindowAggregation }[];
      expression: string;
      comparison: 'ABOVE' | 'BELOW';
      threshold: number;
    }
  | { kind: 'MANUAL' };

/** A metric as a person knows it: its name, and the unit its values are in (none for counts and states). */
export interface DescribedMetric {
  name: string;
  units: string | null;
}

export interface ConditionContext {
  /** The rule's window, ISO 8601 (PT2M); left out where the window is said apart (a rule card's second line). */
  timeWindow?: string;
  /** Name and unit of a metric by alias; an unknown alias is shown as it is. */
  metric?: (alias: string) => DescribedMetric | undefined;
  /**
   * The unit's threshold-group limits for the rule's metric: undefined when not known (not asked, or refused), null
   * when the unit's group sets none for it.
   */
  limits?: GroupLimits | null;
  /** An alert of the rule: its level and value say which of the unit's limits it crossed. */
  breach?: { level: Level; value: number | null };
}

const AGGREGATIONS: Readonly<Record<WindowAggregation, string>> = {
  AVERAGE: 'average',
  MAX: 'maximum',
  MIN: 'minimum',
};

const STATUS_WORDS: Readonly<Record<string, string>> = {
  ALARM: 'alarm',
  FAULT: 'fault',
  DOWN: 'down',
  UNACKNOWLEDGED_ALARM: 'unacknowledged alarm',
  STALE: 'stale',
};

type LimitName = keyof GroupLimits;
const LIMIT_WORDS: Readonly<Record<LimitName, string>> = {
  criticalLow: 'critical low',
  warningLow: 'warning low',
  warningHigh: 'warning high',
  criticalHigh: 'critical high',
};

/** 'a, b or c' (or 'and') */
function listed(words: readonly string[], conjunction: 'or' | 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1) ?? ''}`;
}

/** Two decimals at most, no trailing zeros: 27 → '27', 26.456 → '26.46'. */
const numberText = (value: number): string => String(Math.round(value * 100) / 100);

/** A value with its unit, as a person writes it: '27 °C', '45 %', '3' (no unit). */
function quantity(value: number, units: string | null | undefined): string {
  const unit = units?.trim();
  return unit ? `${numberText(value)} ${unit}` : numberText(value);
}

/**
 * Which of the unit's limits an alert crossed: its level names the pair (critical or warning; an INFO rule's alert
 * says nothing, so the worst pair its value is past), its value the side. Undefined when they do not tell.
 */
function crossedLimit(
  limits: GroupLimits,
  breach: { level: Level; value: number | null },
): LimitName | undefined {
  const { value } = breach;
  const past = (name: LimitName): boolean => {
    const limit = limits[name];
    if (limit === null || value === null) return false;
    return name.endsWith('High') ? value > limit : value < limit;
  };
  const pairs: readonly (readonly [LimitName, LimitName])[] =
    breach.level === 'CRITICAL'
      ? [['criticalHigh', 'criticalLow']]
      : breach.level === 'WARNING'
        ? [['warningHigh', 'warningLow']]
        : [
            ['criticalHigh', 'criticalLow'],
            ['warningHigh', 'warningLow'],
          ];
  for (const [high, low] of pairs) {
    if (past(high)) return high;
    if (past(low)) return low;
  }
  // Without a telling value (limits changed since, or none recorded), a pair with one limit set still tells.
  const [only] = pairs;
  if (pairs.length === 1 && only !== undefined) {
    const [high, low] = only;
    if (limits[high] !== null && limits[low] === null) return high;
    if (limits[low] !== null && limits[high] === null) return low;
  }
  return undefined;
}

/** The unit's threshold-group side of a sentence: the limit crossed, or all its limits for the metric. */
function groupLimitsText(context: ConditionContext, units: string | null | undefined): string {
  const { limits, breach } = context;
  if (limits === undefined) return "outside the unit's threshold limits";
  if (limits === null) return "outside the unit's threshold limits (it has none for this metric)";
  const crossed = breach === undefined ? undefined : crossedLimit(limits, breach);
  if (crossed !== undefined) {
    const limit = limits[crossed];
    const side = crossed.endsWith('High') ? 'above' : 'below';
    return `${side} the unit's ${LIMIT_WORDS[crossed]}${limit === null ? '' : `, ${quantity(limit, units)}`}`;
  }
  const set = (['criticalLow', 'warningLow', 'warningHigh', 'criticalHigh'] as const).flatMap((name) => {
    const limit = limits[name];
    return limit === null ? [] : [`${LIMIT_WORDS[name]} ${quantity(limit, units)}`];
  });
  return `outside the unit's threshold limits (${set.join(', ')})`;
}

/**
 * A rule's condition as a sentence, e.g. "average of supply air over 2m above the unit's critical high, 27 °C":
 * metrics by name (the alias when the name is unknown), the window in the spec's abbreviations (durationText),
 * limits with their units. Lower-case, to stand in a sentence or after a label.
 */
export function conditionText(condition: DescribedCondition, context: ConditionContext): string {
  const window = context.timeWindow === undefined ? undefined : durationText(context.timeWindow);
  /** ' over 2m', ' within 2m', ' for 2m', or nothing without a window. */
  const spanned = (word: 'over' | 'within' | 'for') => (window === undefined ? '' : ` ${word} ${window}`);
  const metric = (alias: string) => context.metric?.(alias);
  const nameOf = (alias: string) => metric(alias)?.name.toLowerCase() ?? alias;
  switch (condition.kind) {
    case 'THRESHOLD': {
      const units = metric(condition.metricAlias)?.units;
      const of = `${AGGREGATIONS[condition.aggregation]} of ${nameOf(condition.metricAlias)}${spanned('over')}`;
      const { limits } = condition;
      if (limits.source === 'THRESHOLD_GROUP') return `${of} ${groupLimitsText(context, units)}`;
      const sides = [
        limits.above === null ? null : `above ${quantity(limits.above, units)}`,
        limits.below === null ? null : `below ${quantity(limits.below, units)}`,
      ].filter((side) => side !== null);
      return `${of} ${sides.join(' or ')}`;
    }
    case 'METRIC_STATUS': {
      const statuses = condition.statuses.map((status) => STATUS_WORDS[status] ?? status.toLowerCase());
      return `a reading of ${nameOf(condition.metricAlias)} with ${listed(statuses, 'or')} status${spanned('within')}`;
    }
    case 'CHANGE_DETECTION': {
      const name = nameOf(condition.metricAlias);
      if (condition.mode === 'VALUE') return `${name} changes${spanned('within')}`;
      const rate = quantity(condition.maxChangePerMinute ?? 0, metric(condition.metricAlias)?.units);
      return `${name} changes by more than ${rate} a minute${spanned('over')}`;
    }
    case 'COMMUNICATION_LOST':
      return condition.subject === 'ASSET'
        ? `the unit sends no reading${spanned('for')}`
        : `the unit's agent makes no call${spanned('for')}`;
    case 'QUERY': {
      const terms = condition.terms.map(
        (term) => `${term.name} is the ${AGGREGATIONS[term.aggregation]} of ${nameOf(term.metricAlias)}`,
      );
      // A sum or difference of metrics in one unit is in that unit; anything else has none to name.
      const units = new Set(condition.terms.map((term) => metric(term.metricAlias)?.units ?? null));
      const [shared] = units;
      const sameUnit = units.size === 1 && shared !== null && !/[*/]/.test(condition.expression);
      const threshold = quantity(condition.threshold, sameUnit ? shared : null);
      const comparison = condition.comparison === 'ABOVE' ? 'above' : 'below';
      const where = terms.length === 0 ? '' : `, where ${listed(terms, 'and')}`;
      return `${condition.expression.trim()}${spanned('over')} ${comparison} ${threshold}${where}`;
    }
    case 'MANUAL':
      return 'reported by a person';
  }
}

/** The sentence with a capital, to stand on its own. */
export function conditionSentence(condition: DescribedCondition, context: ConditionContext): string {
  const text = conditionText(condition, context);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
