import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { nextAlertStep, type Level } from '@kelvin/domain';
import type { Tx } from '../../../platform/db/database.ts';
import { alerts, detectedProblems } from '../../../platform/db/problemsSchema.ts';
import { asLevel, type AlertRow } from '../problemPresenter.ts';
import { anyId, resolveAlerts, updateAlerts, type AlertUpdate } from './alertBatches.ts';
import type { RuleTarget } from './ruleTargets.ts';
import type { AssetVerdict } from './windowReader.ts';

/**
 * A problem closed less than this long ago reopens when its key breaches again, instead of a new problem being
 * opened: the spec's active alert interval (PT10M). A unit that keeps tripping the same rule is one problem to
 * acknowledge, not a storm of them.
 */
export const PROBLEM_REOPEN_MS = 10 * 60_000;

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

  for (const { assetId, verdict, metricIds, metricAlias } of verdicts) {
    const open = openByAsset.get(assetId) ?? null;
    const step = nextAlertStep(open && stateOf(open), verdict, tick, target.recoveryMs);
    const companyId = companyOf.get(assetId);
    if (companyId === undefined) continue;
    if (step.action === 'OPEN') {
      const problem = await openProblemFor(tx, target, assetId, companyId, step.level, at);
      if (problem.isNew) changes.opened.push(problem.id);
      await tx
        .insert(alerts)
        .values({
          companyId,
          assetId,
          problemRuleDefinitionId: ruleId,
          detectedProblemId: problem.id,
          type: alertTypeOf(target),
          level: step.level,
          metricIds,
          metricAlias,
          firstEventAt: at,
          lastEventAt: at,
          firstEventValue: step.value,
          lastEventValue: step.value,
          evaluatedAt: at,
        })
        .onConflictDoNothing();
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
 * The open problem of the key: the one open now, else one closed within PROBLEM_REOPEN_MS (reopened), else a new
 * one. `isNew` only for a new problem: a reopened one was announced already.
 */
async function openProblemFor(
  tx: Tx,
  target: RuleTarget,
  assetId: number,
  companyId: number,
  level: Level,
  at: Date,
): Promise<{ id: number; isNew: boolean }> {
  const ruleId = target.rule.problemRuleDefinitionId;
  const key = and(
    eq(detectedProblems.problemRuleDefinitionId, ruleId),
    eq(detectedProblems.assetId, assetId),
    eq(detectedProblems.groupingKey, ''),
  );
  const [open] = await tx
    .select({ id: detectedProblems.detectedProblemId })
    .from(detectedProblems)
    .where(and(key, isNull(detectedProblems.closedAt)));
  if (open) return { id: open.id, isNew: false };
  const [recent] = await tx
    .select({ id: detectedProblems.detectedProblemId })
    .from(detectedProblems)
    .where(
      and(
        key,
        isNotNull(detectedProblems.closedAt),
        gte(detectedProblems.closedAt, new Date(at.getTime() - PROBLEM_REOPEN_MS)),
      ),
    )
    .orderBy(desc(detectedProblems.closedAt))
    .limit(1);
  if (recent) {
    await tx
      .update(detectedProblems)
      .set({ closedAt: null, updatedAt: at, lastEventAt: at, level })
      .where(eq(detectedProblems.detectedProblemId, recent.id));
    return { id: recent.id, isNew: false };
  }
  const [created] = await tx
    .insert(detectedProblems)
    .values({
      companyId,
      assetId,
      problemRuleDefinitionId: ruleId,
      kind: 'SYSTEM',
      name: target.rule.name,
      description: target.rule.description,
      level,
      tags: target.rule.tags,
      createdAt: at,
      updatedAt: at,
      firstEventAt: at,
      lastEventAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: detectedProblems.detectedProblemId });
  if (created) return { id: created.id, isNew: true };
  // Another evaluation opened it between the read and the insert.
  const [raced] = await tx
    .select({ id: detectedProblems.detectedProblemId })
    .from(detectedProblems)
    .where(and(key, isNull(detectedProblems.closedAt)));
  if (!raced) throw new Error(`No open problem for rule ${ruleId} on asset ${assetId}`);
  return { id: raced.id, isNew: false };
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
