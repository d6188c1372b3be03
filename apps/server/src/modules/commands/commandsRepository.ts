import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { metricCommands, metrics, users } from '../../platform/db/schema.ts';

export type CommandRow = typeof metricCommands.$inferSelect;
export type CommandInsert = typeof metricCommands.$inferInsert;

/** A command with what the console shows beside it: the metric's alias and the requester's name. */
export interface CommandView {
  command: CommandRow;
  alias: string;
  requesterName: string;
}

const viewColumns = { command: metricCommands, alias: metrics.alias, requesterName: users.name };

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(metricCommands)
    .innerJoin(metrics, eq(metrics.metricId, metricCommands.metricId))
    .innerJoin(users, eq(users.userId, metricCommands.requestedBy));
}

export async function insertCommand(db: DbOrTx, values: CommandInsert): Promise<CommandRow> {
  const [row] = await db.insert(metricCommands).values(values).returning();
  if (!row) throw new Error('metric command insert returned nothing');
  return row;
}

export async function findCommandView(db: DbOrTx, commandId: number): Promise<CommandView | undefined> {
  const [row] = await viewQuery(db).where(eq(metricCommands.commandId, commandId));
  return row;
}

export async function listCommandViews(db: DbOrTx, assetId: number, limit: number): Promise<CommandView[]> {
  return viewQuery(db)
    .where(eq(metricCommands.assetId, assetId))
    .orderBy(desc(metricCommands.commandId))
    .limit(limit);
}

/**
 * Takes up to `max` pending commands of a data hall for one agent, oldest first, and marks them delivered in the
 * same statement: two agents (or two server processes) polling at once never take the same command, because
 * the row lock of FOR UPDATE SKIP LOCKED lets only one of them claim a row.
 */
export async function claimPendingCommands(
  db: DbOrTx,
  claim: { datahallId: number; companyId: number; agentAssetId: number; max: number; now: Date },
): Promise<{ command: CommandRow; alias: string }[]> {
  const pending = db
    .select({ commandId: metricCommands.commandId })
    .from(metricCommands)
    .where(
      and(
        eq(metricCommands.datahallId, claim.datahallId),
        eq(metricCommands.companyId, claim.companyId),
        eq(metricCommands.state, 'PENDING'),
      ),
    )
    .orderBy(metricCommands.commandId)
    .limit(claim.max)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(metricCommands)
    .set({ state: 'DELIVERED', deliveredTo: claim.agentAssetId, deliveredAt: claim.now })
    .where(inArray(metricCommands.commandId, pending))
    .returning({ commandId: metricCommands.commandId });
  const ids = claimed.map((row) => row.commandId);
  if (ids.length === 0) return [];
  return db
    .select({ command: metricCommands, alias: metrics.alias })
    .from(metricCommands)
    .innerJoin(metrics, eq(metrics.metricId, metricCommands.metricId))
    .where(inArray(metricCommands.commandId, ids))
    .orderBy(metricCommands.commandId);
}

/** Whether a data hall has commands waiting, without claiming them (the long poll's cheap re-check). */
export async function hasPendingCommands(
  db: DbOrTx,
  datahallId: number,
  companyId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ commandId: metricCommands.commandId })
    .from(metricCommands)
    .where(
      and(
        eq(metricCommands.datahallId, datahallId),
        eq(metricCommands.companyId, companyId),
        eq(metricCommands.state, 'PENDING'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findCommands(db: DbOrTx, commandIds: readonly number[]): Promise<CommandRow[]> {
  if (commandIds.length === 0) return [];
  return db
    .select()
    .from(metricCommands)
    .where(inArray(metricCommands.commandId, [...commandIds]))
    .for('update');
}

export async function completeCommand(
  db: DbOrTx,
  commandId: number,
  outcome: { state: 'APPLIED' | 'FAILED'; failureReason: string | null; now: Date },
): Promise<void> {
  await db
    .update(metricCommands)
    .set({ state: outcome.state, failureReason: outcome.failureReason, completedAt: outcome.now })
    .where(eq(metricCommands.commandId, commandId));
}

/**
 * Times out what no agent took before `pendingBefore` and what an agent took but did not answer before
 * `deliveredBefore`, in one statement; answers the rows it changed (so each timeout is recorded once, whichever
 * process sweeps).
 */
export async function timeOutCommands(
  db: DbOrTx,
  cutoffs: { pendingBefore: Date; deliveredBefore: Date; now: Date },
  reasons: { notTaken: string; notAnswered: string },
): Promise<CommandRow[]> {
  return db
    .update(metricCommands)
    .set({
      state: 'TIMED_OUT',
      completedAt: cutoffs.now,
      failureReason: sql`CASE WHEN ${metricCommands.state} = 'PENDING' THEN ${reasons.notTaken} ELSE ${reasons.notAnswered} END`,
    })
    .where(
      or(
        and(eq(metricCommands.state, 'PENDING'), lt(metricCommands.requestedAt, cutoffs.pendingBefore)),
        and(eq(metricCommands.state, 'DELIVERED'), lt(metricCommands.deliveredAt, cutoffs.deliveredBefore)),
      ),
    )
    .returning();
}
