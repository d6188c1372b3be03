import type { Alert } from '@kelvin/contract';
import { useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import { ruleConditionText } from '../monitorGroups/ruleText.ts';
import { useAssetThresholds } from '../thresholds/thresholdsQueries.ts';
import { useProblemRules } from './problemsQueries.ts';

/** An alert's rule condition and metric in words; either is undefined while not known. */
export interface AlertWords {
  condition?: string | undefined;
  metricName?: string | undefined;
}

/**
 * What each alert of one unit's problem watched for, in words: its rule's condition with the metric's name and unit
 * and the unit's threshold limit it crossed. Undefined for an alert whose rule is not (yet) known, where the drawer
 * falls back to the alert's own text; the catalogue or the limits missing only make the sentence vaguer.
 */
export function useAlertConditions(assetId: number): (alert: Alert) => AlertWords {
  const rules = useProblemRules();
  const catalogue = useMetricCatalogue();
  const thresholds = useAssetThresholds(assetId);
  const ruleById = new Map((rules.data ?? []).map((rule) => [rule.problemRuleDefinitionId, rule]));
  const metrics = new Map((catalogue.data ?? []).map((metric) => [metric.alias, metric]));
  const limitsOf = (alias: string) => {
    if (!thresholds.isSuccess) return undefined;
    return thresholds.data.limits.find((limit) => limit.metricAlias === alias) ?? null;
  };
  return (alert) => {
    const metricName =
      alert.monitorMetricAlias === null ? undefined : metrics.get(alert.monitorMetricAlias)?.name;
    const rule = ruleById.get(alert.monitorId);
    if (rule === undefined) return { metricName };
    const alias = rule.condition.kind === 'THRESHOLD' ? rule.condition.metricAlias : null;
    const limits = alias === null ? undefined : limitsOf(alias);
    const condition = ruleConditionText(rule, {
      metric: (metricAlias) => metrics.get(metricAlias),
      ...(limits === undefined ? {} : { limits }),
      breach: { level: alert.level, value: alert.lastEventValue ?? alert.firstEventValue },
    });
    return { condition, metricName };
  };
}
