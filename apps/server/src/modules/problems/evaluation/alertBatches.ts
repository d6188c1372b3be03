import { and, eq, isNull, sql, type Column } from 'drizzle-orm';
import type { Level } from '@kelvin/domain';
import type { Tx } from '../../../platform/db/database.ts';
import { alerts, detectedProblems } from '../../../platform/db/problemsSchema.ts';

/**
 * `column = ANY($1)` with the ids as one array parameter: a rule holds up to thousands of assets, and one parameter
 * per id (IN) costs the parser more than the statement's work.
 */
export const anyId = (column: Column, ids: readonly number[]) =>
  sql`${column} = ANY(${sql.param([...ids])}::int[])`;

/** One active alert's next state after a breaching or clear evaluation that did not resolve it. */
export interface AlertUpdate {
  alertId: number;
  problemId: number | null;
  level: Level;
  breaching: boolean;
  numberOfOccurrences: number;
  /** The evaluation breached: the alert's (and its problem's) last event moves to the tick. */
  moved: boolean;
  value: number | null;
}

const rankOf = (level: unknown) =>
  sql`(CASE ${level} WHEN 'CRITICAL' THEN 3 WHEN 'WARNING' THEN 2 ELSE 1 END)`;

/**
 * Every still-active alert of a rule in one statement, and the problems whose last event moved in one more: a rule
 * with many units in breach costs two round trips per tick, not two per unit. Rows already at or past the tick
 * are left alone (a repeated evaluation changes nothing).
 */
export async function updateAlerts(tx: Tx, updates: readonly AlertUpdate[], at: Date): Promise<void> {
  if (updates.length === 0) return;
  const column = <T>(pick: (update: AlertUpdate) => T) => sql.param(updates.map(pick));
  await tx.execute(sql`
    UPDATE ${alerts} AS a SET
      level = v.level,
      breaching = v.breaching,
      number_of_occurrences = v.occurrences,
      last_event_at = CASE WHEN v.moved THEN ${at} ELSE a.last_event_at END,
      last_event_value = CASE WHEN v.moved THEN v.value ELSE a.last_event_value END,
      evaluated_at = ${at}
    FROM unnest(
      ${column((u) => u.alertId)}::int[],
      ${column((u) => u.level)}::text[],
      ${column((u) => u.breaching)}::boolean[],
      ${column((u) => u.numberOfOccurrences)}::int[],
      ${column((u) => u.moved)}::boolean[],
      ${column((u) => u.value)}::float8[]
    ) AS v(id, level, breaching, occurrences, moved, value)
    WHERE a.alert_id = v.id AND a.evaluated_at < ${at}`);

  const moved = updates.filter((update) => update.moved && update.problemId !== null);
  if (moved.length === 0) return;
  await tx.execute(sql`
    UPDATE ${detectedProblems} AS p SET
      last_event_at = ${at},
      updated_at = ${at},
      level = CASE WHEN ${rankOf(sql`v.level`)} > ${rankOf(sql`p.level`)} THEN v.level ELSE p.level END
    FROM unnest(
      ${sql.param(moved.map((update) => update.problemId))}::int[],
      ${sql.param(moved.map((update) => update.level))}::text[]
    ) AS v(id, level)
    WHERE p.detected_problem_id = v.id AND p.last_event_at < ${at}`);
}

/** Resolves the alerts and closes the problems left with no active alert; answers the problems it closed. */
export async function resolveAlerts(tx: Tx, alertIds: readonly number[], at: Date): Promise<number[]> {
  if (alertIds.length === 0) return [];
  const resolved = await tx
    .update(alerts)
    .set({ status: 'RESOLVED', resolvedAt: at, evaluatedAt: at, breaching: false })
    .where(and(anyId(alerts.alertId, alertIds), eq(alerts.status, 'ACTIVE')))
    .returning({ problemId: alerts.detectedProblemId });
  const problemIds = [...new Set(resolved.flatMap((row) => (row.problemId === null ? [] : [row.problemId])))];
  if (problemIds.length === 0) return [];
  const closed = await tx
    .update(detectedProblems)
    .set({ closedAt: at, updatedAt: at })
    .where(
      and(
        anyId(detectedProblems.detectedProblemId, problemIds),
        isNull(detectedProblems.closedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${alerts} WHERE ${alerts.detectedProblemId} = ${detectedProblems.detectedProblemId} AND ${alerts.status} = 'ACTIVE')`,
      ),
    )
    .returning({ id: detectedProblems.detectedProblemId });
  return closed.map((row) => row.id);
}

/**
 * Resolves the active alerts no rule watches any more: their rule was deleted or disabled, left the asset's monitor
 * group, or the asset stopped being monitored. Nothing would ever judge them again, so they would stay active and
 * colour the asset for good. Answers the problems this closed. Every process knows every rule's assets, so any
 * may run it; the statements are conditional, so two running it at once resolve each alert once.
 */
export async function resolveUnwatched(
  tx: Tx,
  watched: ReadonlyMap<number, readonly number[]>,
  at: Date,
): Promise<number[]> {
  const pairs = [...watched].flatMap(([ruleId, assetIds]) => assetIds.map((assetId) => [ruleId, assetId]));
  const orphans = await tx
    .select({ alertId: alerts.alertId })
    .from(alerts)
    .where(
      and(
        eq(alerts.status, 'ACTIVE'),
        sql`NOT EXISTS (
          SELECT 1 FROM unnest(
            ${sql.param(pairs.map(([ruleId]) => ruleId))}::int[],
            ${sql.param(pairs.map(([, assetId]) => assetId))}::int[]
          ) AS w(rule_id, asset_id)
          WHERE w.rule_id = ${alerts.problemRuleDefinitionId} AND w.asset_id = ${alerts.assetId})`,
      ),
    );
  return resolveAlerts(
    tx,
    orphans.map((row) => row.alertId),
    at,
  );
}
