import { and, eq, isNull, sql } from 'drizzle-orm';
import { nextAlertStep } from '@kelvin/domain';
import type { Tx } from '../../../platform/db/database.ts';
import { alerts, detectedProblems } from '../../../platform/db/problemsSchema.ts';
import { asLevel, type AlertRow } from '../problemPresenter.ts';
import { anyId, resolveAlerts, updateAlerts, type AlertUpdate } from './alertBatches.ts';
import { openAlerts, type AlertOpening } from './problemOpening.ts';
import type { RuleTarget } from './ruleTargets.ts';
import type { AssetVerdict } from './windowReader.ts';

export interface ProblemChanges {
  opened: number[];
  resolved: number[];
}

/** Alert types by rule kind (a communication-lost rule by its subject). */
function alertTypeOf(target: RuleTarget): string {
  const { condition } = target;
  switch (condition.kind) {
    case 'THRESHOLD':
      return 'METRIC';
    case 'COMMUNICATION_LOST':
      return condition.subject === 'AGENT' ? 'COMMUNICATION_LOST' : 'ASSET_COMMUNICATION_LOST';
    default:
      return condition.kind;
  }
}

/**
 * Applies one rule's verdicts at `tick` to its alerts and problems, inside the caller's transaction. Safe to repeat:
 * an alert row changes only for a tick later than its last, the partial unique indexes keep one active alert and
 * one open problem per key, and problem counters move only for a tick later than the problem's last evaluation.
 */
export async function applyVerdicts(
  tx: Tx,
  target: RuleTarget,
  verdicts: readonly AssetVerdict[],
  tick: number,
  companyOf: ReadonlyMap<number, number>,
): Promise<ProblemChanges> {
  const changes: ProblemChanges = { opened: [], resolved: [] };
  if (verdicts.length === 0) return changes;
  const ruleId = target.rule.problemRuleDefinitionId;
  const at = new Date(tick);
  const active = await tx
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.problemRuleDefinitionId, ruleId),
        anyId(
          alerts.assetId,
          verdicts.map((verdict) => verdict.assetId),
        ),
        eq(alerts.status, 'ACTIVE'),
      ),
    )
    .for('update');
  const openByAsset = new Map(active.map((row) => [row.assetId, row]));
  const updates: AlertUpdate[] = [];
  const resolving: number[] = [];
  const openings: AlertOpening[] = [];

  for (const { assetId, verdict, metricIds, metricAlias } of verdicts) {
    const open = openByAsset.get(assetId) ?? null;
    const step = nextAlertStep(open && stateOf(open), verdict, tick, target.recoveryMs);
    const companyId = companyOf.get(assetId);
    if (companyId === undefined) continue;
    if (step.action === 'OPEN') {
      openings.push({ assetId, companyId, level: step.level, value: step.value, metricIds, metricAlias });
    } else if (step.action === 'UPDATE' && open) {
      updates.push({
        alertId: open.alertId,
        problemId: open.detectedProblemId,
        level: step.level,
        breaching: step.breaching,
        numberOfOccurrences: step.numberOfOccurrences,
        moved: step.lastEventAt !== null,
        value: step.value,
      });
    } else if (step.action === 'RESOLVE' && open) {
      resolving.push(open.alertId);
    }
  }
  changes.opened.push(...(await openAlerts(tx, target, alertTypeOf(target), openings, at)));
  await updateAlerts(tx, updates, at);
  changes.resolved.push(...(await resolveAlerts(tx, resolving, at)));
  await countEvaluations(tx, ruleId, verdicts, at);
  return changes;
}

function stateOf(row: AlertRow) {
  return {
    level: asLevel(row.level),
    lastEventAt: row.lastEventAt.getTime(),
    numberOfOccurrences: row.numberOfOccurrences,
    breaching: row.breaching,
    evaluatedAt: row.evaluatedAt.getTime(),
  };
}

/**
 * The spec's evaluation counters of the keys' open problems, once per tick: two statements for the whole rule
 * (assets that breached, assets that did not), whatever the number of assets.
 */
async function countEvaluations(
  tx: Tx,
  ruleId: number,
  verdicts: readonly AssetVerdict[],
  at: Date,
): Promise<void> {
  const judged = verdicts.filter((verdict) => verdict.verdict.breach !== null);
  for (const breach of [true, false]) {
    const assetIds = judged
      .filter((verdict) => verdict.verdict.breach === breach)
      .map((verdict) => verdict.assetId);
    if (assetIds.length === 0) continue;
    await tx
      .update(detectedProblems)
      .set({
        totalEvaluations: sql`${detectedProblems.totalEvaluations} + 1`,
        lastEvaluationAt: at,
        ...(breach
          ? {
              totalTriggeredEvaluations: sql`${detectedProblems.totalTriggeredEvaluations} + 1`,
              lastDetectedAt: at,
            }
          : {}),
      })
      .where(
        and(
          eq(detectedProblems.problemRuleDefinitionId, ruleId),
          anyId(detectedProblems.assetId, assetIds),
          eq(detectedProblems.groupingKey, ''),
          isNull(detectedProblems.closedAt),
          sql`(${detectedProblems.lastEvaluationAt} IS NULL OR ${detectedProblems.lastEvaluationAt} < ${at})`,
        ),
      );
  }
}
