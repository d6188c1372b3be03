import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';
import { problemEvaluationLeases } from '../../../platform/db/problemsSchema.ts';

/** Thrown inside an evaluation's transaction when this process no longer holds the rule: the work rolls back. */
export class LeaseLost extends Error {}

/**
 * Takes or renews the lease of each rule this process may evaluate: rules it holds, rules nobody holds, and rules
 * whose holder let the lease run out (a stopped process). Answers the held rules with their last evaluated tick.
 * One statement, so two processes claiming at once each get a disjoint set.
 */
export async function claimRules(
  db: DbOrTx,
  owner: string,
  ruleIds: readonly number[],
  now: number,
  leaseMs: number,
): Promise<Map<number, number | null>> {
  if (ruleIds.length === 0) return new Map();
  await db
    .insert(problemEvaluationLeases)
    .values(ruleIds.map((problemRuleDefinitionId) => ({ problemRuleDefinitionId })))
    .onConflictDoNothing();
  const held = await db
    .update(problemEvaluationLeases)
    .set({ owner, leaseUntil: new Date(now + leaseMs) })
    .where(
      and(
        inArray(problemEvaluationLeases.problemRuleDefinitionId, [...ruleIds]),
        or(
          eq(problemEvaluationLeases.owner, owner),
          isNull(problemEvaluationLeases.owner),
          isNull(problemEvaluationLeases.leaseUntil),
          lt(problemEvaluationLeases.leaseUntil, new Date(now)),
        ),
      ),
    )
    .returning({
      ruleId: problemEvaluationLeases.problemRuleDefinitionId,
      evaluatedUntil: problemEvaluationLeases.evaluatedUntil,
    });
  return new Map(held.map((row) => [row.ruleId, row.evaluatedUntil?.getTime() ?? null]));
}

/**
 * First statement of an evaluation's transaction: locks the rule's lease row (so evaluations of one rule never
 * overlap), checks this process still holds it, and for a scheduled tick moves the cursor to it. A tick at or
 * before the cursor, or a lost lease, throws LeaseLost and the transaction applies nothing.
 */
export async function enterEvaluation(
  tx: Tx,
  owner: string,
  ruleId: number,
  tick: number,
  scheduled: boolean,
): Promise<void> {
  const at = new Date(tick);
  const rows = await tx
    .update(problemEvaluationLeases)
    .set(scheduled ? { evaluatedUntil: at } : { owner })
    .where(
      and(
        eq(problemEvaluationLeases.problemRuleDefinitionId, ruleId),
        eq(problemEvaluationLeases.owner, owner),
        scheduled
          ? sql`(${problemEvaluationLeases.evaluatedUntil} IS NULL OR ${problemEvaluationLeases.evaluatedUntil} < ${at})`
          : sql`TRUE`,
      ),
    )
    .returning({ ruleId: problemEvaluationLeases.problemRuleDefinitionId });
  if (rows.length === 0)
    throw new LeaseLost(`Rule ${ruleId} is not held by ${owner} for tick ${at.toISOString()}`);
}

/** Lets the rules go at shutdown, so another process takes them at once instead of after the lease. */
export async function releaseRules(db: DbOrTx, owner: string): Promise<void> {
  await db
    .update(problemEvaluationLeases)
    .set({ owner: null, leaseUntil: null })
    .where(eq(problemEvaluationLeases.owner, owner));
}
