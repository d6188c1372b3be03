import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Level } from '@kelvin/domain';
import type { Tx } from '../../../platform/db/database.ts';
import { alerts, detectedProblems } from '../../../platform/db/problemsSchema.ts';
import { anyId } from './alertBatches.ts';
import type { RuleTarget } from './ruleTargets.ts';

/**
 * A problem closed less than this long ago reopens when its key breaches again, instead of a new problem being
 * opened: the spec's active alert interval (PT10M). A unit that keeps tripping the same rule is one problem to
 * acknowledge, not a storm of them.
 */
export const PROBLEM_REOPEN_MS = 10 * 60_000;

/** A breach on an asset with no active alert of the rule. */
export interface AlertOpening {
  assetId: number;
  companyId: number;
  level: Level;
  value: number | null;
  metricIds: number[];
  metricAlias: string | null;
}

/**
 * Opens the alerts of one rule's new breaches at `at`, each in the problem of its key: the one open now, else one
 * closed within PROBLEM_REOPEN_MS (reopened, not announced again), else a new one. A handful of statements for the
 * whole rule, however many assets breach at once (a fresh fleet, a hall-wide outage). Answers the new problems.
 */
export async function openAlerts(
  tx: Tx,
  target: RuleTarget,
  type: string,
  openings: readonly AlertOpening[],
  at: Date,
): Promise<number[]> {
  if (openings.length === 0) return [];
  const ruleId = target.rule.problemRuleDefinitionId;
  const ofRule = and(
    eq(detectedProblems.problemRuleDefinitionId, ruleId),
    eq(detectedProblems.groupingKey, ''),
  );
  const problemOf = new Map<number, number>();

  const open = await tx
    .select({ id: detectedProblems.detectedProblemId, assetId: detectedProblems.assetId })
    .from(detectedProblems)
    .where(
      and(
        ofRule,
        anyId(
          detectedProblems.assetId,
          openings.map((opening) => opening.assetId),
        ),
        isNull(detectedProblems.closedAt),
      ),
    );
  for (const row of open) problemOf.set(row.assetId, row.id);

  const closed = openings.filter((opening) => !problemOf.has(opening.assetId));
  if (closed.length > 0) {
    const recent = await tx
      .selectDistinctOn([detectedProblems.assetId], {
        id: detectedProblems.detectedProblemId,
        assetId: detectedProblems.assetId,
      })
      .from(detectedProblems)
      .where(
        and(
          ofRule,
          anyId(
            detectedProblems.assetId,
            closed.map((opening) => opening.assetId),
          ),
          isNotNull(detectedProblems.closedAt),
          gte(detectedProblems.closedAt, new Date(at.getTime() - PROBLEM_REOPEN_MS)),
        ),
      )
      .orderBy(detectedProblems.assetId, desc(detectedProblems.closedAt));
    if (recent.length > 0) {
      const levelOf = new Map(openings.map((opening) => [opening.assetId, opening.level]));
      await tx.execute(sql`
        UPDATE ${detectedProblems} AS p SET closed_at = NULL, updated_at = ${at}, last_event_at = ${at}, level = v.level
        FROM unnest(
          ${sql.param(recent.map((row) => row.id))}::int[],
          ${sql.param(recent.map((row) => levelOf.get(row.assetId) ?? target.level))}::text[]
        ) AS v(id, level)
        WHERE p.detected_problem_id = v.id`);
      for (const row of recent) problemOf.set(row.assetId, row.id);
    }
  }

  const fresh = openings.filter((opening) => !problemOf.has(opening.assetId));
  const created =
    fresh.length === 0
      ? []
      : await tx
          .insert(detectedProblems)
          .values(
            fresh.map((opening) => ({
              companyId: opening.companyId,
              assetId: opening.assetId,
              problemRuleDefinitionId: ruleId,
              kind: 'SYSTEM',
              name: target.rule.name,
              description: target.rule.description,
              level: opening.level,
              tags: target.rule.tags,
              createdAt: at,
              updatedAt: at,
              firstEventAt: at,
              lastEventAt: at,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: detectedProblems.detectedProblemId, assetId: detectedProblems.assetId });
  for (const row of created) problemOf.set(row.assetId, row.id);
  if (created.length < fresh.length) {
    // Another evaluation opened some of them between the read and the insert.
    const raced = await tx
      .select({ id: detectedProblems.detectedProblemId, assetId: detectedProblems.assetId })
      .from(detectedProblems)
      .where(
        and(
          ofRule,
          anyId(
            detectedProblems.assetId,
            fresh.map((opening) => opening.assetId),
          ),
          isNull(detectedProblems.closedAt),
        ),
      );
    for (const row of raced) if (!problemOf.has(row.assetId)) problemOf.set(row.assetId, row.id);
  }

  await tx
    .insert(alerts)
    .values(
      openings.map((opening) => ({
        companyId: opening.companyId,
        assetId: opening.assetId,
        problemRuleDefinitionId: ruleId,
        detectedProblemId: problemOf.get(opening.assetId) ?? null,
        type,
        level: opening.level,
        metricIds: opening.metricIds,
        metricAlias: opening.metricAlias,
        firstEventAt: at,
        lastEventAt: at,
        firstEventValue: opening.value,
        lastEventValue: opening.value,
        evaluatedAt: at,
      })),
    )
    .onConflictDoNothing();
  return created.map((row) => row.id);
}
