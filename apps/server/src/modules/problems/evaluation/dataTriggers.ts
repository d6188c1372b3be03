import type { ThresholdLimit } from '@kelvin/contract';
import { DEVICE_STATUS_BITS } from '@kelvin/domain';
import type { IngestedValue } from '../../../platform/events/telemetryBus.ts';
import type { RuleTarget } from './ruleTargets.ts';

/**
 * Which held rules a new reading might bring to a breach, so they are evaluated for its asset at once instead of
 * at the next cycle. Cheap on purpose (it runs for every reading): a threshold rule when the reading itself is past
 * a limit, a status rule when it carries a watched bit. A reading that only moves an average, a change or a silence
 * waits for the schedule, as does every recovery.
 */
export interface TriggerIndex {
  rulesFor(value: IngestedValue): number[];
}

interface Trigger {
  ruleId: number;
  test: (value: IngestedValue) => boolean;
}

export function buildTriggerIndex(
  targets: readonly RuleTarget[],
  metricIdOf: ReadonlyMap<string, number>,
  limitsByGroup: ReadonlyMap<number, readonly ThresholdLimit[]>,
): TriggerIndex {
  const byPair = new Map<string, Trigger[]>();
  const add = (assetId: number, metricId: number, trigger: Trigger) => {
    const key = `${assetId}/${metricId}`;
    const list = byPair.get(key) ?? [];
    list.push(trigger);
    byPair.set(key, list);
  };
  for (const target of targets) {
    const { condition } = target;
    const ruleId = target.rule.problemRuleDefinitionId;
    if (condition.kind !== 'THRESHOLD' && condition.kind !== 'METRIC_STATUS') continue;
    const metricId = metricIdOf.get(condition.metricAlias);
    if (metricId === undefined) continue;
    for (const asset of target.assets) {
      if (condition.kind === 'METRIC_STATUS') {
        const mask = condition.statuses.reduce((bits, name) => bits | DEVICE_STATUS_BITS[name], 0);
        add(asset.assetId, metricId, {
          ruleId,
          test: (value) => value.status >= 0 && (value.status & mask) !== 0,
        });
        continue;
      }
      const limits = condition.limits;
      let above: number | null = null;
      let below: number | null = null;
      if (limits.source === 'FIXED') {
        ({ above, below } = limits);
      } else {
        const group =
          asset.thresholdGroupId === null
            ? undefined
            : limitsByGroup
                .get(asset.thresholdGroupId)
                ?.find((limit) => limit.metricAlias === condition.metricAlias);
        if (!group) continue;
        above = group.warningHigh ?? group.criticalHigh;
        below = group.warningLow ?? group.criticalLow;
      }
      add(asset.assetId, metricId, {
        ruleId,
        test: ({ value }) =>
          typeof value === 'number' &&
          ((above !== null && value > above) || (below !== null && value < below)),
      });
    }
  }
  return {
    rulesFor(value) {
      const triggers = byPair.get(`${value.assetId}/${value.metricId}`);
      if (!triggers) return [];
      return triggers.filter((trigger) => trigger.test(value)).map((trigger) => trigger.ruleId);
    },
  };
}
