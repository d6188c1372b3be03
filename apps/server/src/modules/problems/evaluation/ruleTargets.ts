import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ruleConditionSchema, type RuleCondition } from '@kelvin/contract';
import { ASSET_TYPE, parseIsoDuration, reportsOwnReadings, type Level } from '@kelvin/domain';
import type { DbOrTx } from '../../../platform/db/database.ts';
import {
  monitorGroupRules,
  monitorGroups,
  problemRuleDefinitions,
} from '../../../platform/db/problemsSchema.ts';
import { assets } from '../../../platform/db/schema.ts';
import { asLevel, type RuleRow } from '../problemPresenter.ts';

/** An asset a rule watches, with what evaluation reads of it. */
export interface RuleAsset {
  assetId: number;
  companyId: number;
  assetTypeId: number;
  thresholdGroupId: number | null;
  /** Epoch ms: silence is only judged once an asset has existed for a whole window. */
  createdAt: number;
}

/** A rule ready to evaluate: its parsed condition and durations, and the assets its monitor groups hold. */
export interface RuleTarget {
  rule: RuleRow;
  condition: Exclude<RuleCondition, { kind: 'MANUAL' }>;
  windowMs: number;
  recoveryMs: number;
  level: Level;
  assets: RuleAsset[];
}

/**
 * Which assets a rule kind judges: an agent communication-lost rule judges agents; every other kind judges the
 * assets that send readings of their own (units, make-up-air units) — a site or hall in a monitored group has
 * nothing to judge.
 */
function judges(condition: RuleTarget['condition'], assetTypeId: number): boolean {
  if (condition.kind === 'COMMUNICATION_LOST' && condition.subject === 'AGENT') {
    return assetTypeId === ASSET_TYPE.agent;
  }
  return reportsOwnReadings(assetTypeId);
}

/**
 * Every enabled system rule held by a monitor group, with the monitored, active assets of those groups. A rule
 * whose stored condition no longer parses is skipped and reported, not allowed to stop the others.
 */
export async function loadRuleTargets(
  db: DbOrTx,
  onInvalid: (rule: RuleRow, reason: string) => void = () => {},
): Promise<RuleTarget[]> {
  const held = await db
    .select({ rule: problemRuleDefinitions, monitorGroupId: monitorGroupRules.monitorGroupId })
    .from(problemRuleDefinitions)
    .innerJoin(
      monitorGroupRules,
      eq(monitorGroupRules.problemRuleDefinitionId, problemRuleDefinitions.problemRuleDefinitionId),
    )
    .innerJoin(monitorGroups, eq(monitorGroups.monitorGroupId, monitorGroupRules.monitorGroupId))
    .where(
      and(
        eq(problemRuleDefinitions.type, 'SYSTEM'),
        ne(problemRuleDefinitions.kind, 'MANUAL'),
        eq(problemRuleDefinitions.isDeleted, false),
        isNull(problemRuleDefinitions.disabledAt),
        eq(monitorGroups.isDeleted, false),
      ),
    );
  if (held.length === 0) return [];
  const groupIds = [...new Set(held.map((row) => row.monitorGroupId))];
  const watched = await db
    .select({
      assetId: assets.assetId,
      companyId: assets.companyId,
      assetTypeId: assets.assetTypeId,
      thresholdGroupId: assets.thresholdGroupId,
      createdAt: assets.createdAt,
      monitorGroupId: assets.monitorGroupId,
    })
    .from(assets)
    .where(
      and(
        inArray(assets.monitorGroupId, groupIds),
        eq(assets.isMonitored, true),
        eq(assets.isActive, true),
        eq(assets.isDeleted, false),
      ),
    );
  const assetsByGroup = new Map<number, RuleAsset[]>();
  for (const { monitorGroupId, createdAt, ...asset } of watched) {
    if (monitorGroupId === null) continue;
    const list = assetsByGroup.get(monitorGroupId) ?? [];
    list.push({ ...asset, createdAt: createdAt.getTime() });
    assetsByGroup.set(monitorGroupId, list);
  }

  const targets = new Map<number, RuleTarget>();
  for (const { rule, monitorGroupId } of held) {
    let target = targets.get(rule.problemRuleDefinitionId);
    if (!target) {
      const parsed = parseRule(rule);
      if (typeof parsed === 'string') {
        onInvalid(rule, parsed);
        continue;
      }
      target = { ...parsed, assets: [] };
      targets.set(rule.problemRuleDefinitionId, target);
    }
    const seen = new Set(target.assets.map((asset) => asset.assetId));
    for (const asset of assetsByGroup.get(monitorGroupId) ?? []) {
      if (!seen.has(asset.assetId) && judges(target.condition, asset.assetTypeId)) target.assets.push(asset);
    }
  }
  return [...targets.values()].sort(
    (a, b) => a.rule.problemRuleDefinitionId - b.rule.problemRuleDefinitionId,
  );
}

/** A stored rule's condition and durations, or why it cannot be evaluated. */
export function parseRule(rule: RuleRow): Omit<RuleTarget, 'assets'> | string {
  const condition = ruleConditionSchema.safeParse(rule.condition);
  if (!condition.success) return `condition: ${condition.error.issues[0]?.message ?? 'invalid'}`;
  if (condition.data.kind === 'MANUAL') return 'a manual rule is not evaluated';
  try {
    return {
      rule,
      condition: condition.data,
      windowMs: parseIsoDuration(rule.timeWindow),
      recoveryMs: parseIsoDuration(rule.recoveryDuration),
      level: asLevel(rule.impactLevel),
    };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
