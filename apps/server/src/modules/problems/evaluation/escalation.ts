import { and, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { detectedProblems } from '../../../platform/db/problemsSchema.ts';

/**
 * Marks open problems nobody acknowledged within `escalateAfterMs` of opening as escalated, once each, and answers
 * their ids (to be raised). One conditional statement: with several processes each problem escalates once. A muted
 * problem is not escalated: someone has already decided it needs no one's attention.
 */
export async function escalateUnacknowledged(
  db: DbOrTx,
  now: number,
  escalateAfterMs: number,
): Promise<number[]> {
  const rows = await db
    .update(detectedProblems)
    .set({ escalatedAt: new Date(now), updatedAt: new Date(now) })
    .where(
      and(
        isNull(detectedProblems.closedAt),
        isNull(detectedProblems.acknowledgedAt),
        isNull(detectedProblems.escalatedAt),
        eq(detectedProblems.currentlyMuted, false),
        lte(detectedProblems.createdAt, new Date(now - escalateAfterMs)),
      ),
    )
    .returning({ id: detectedProblems.detectedProblemId });
  return rows.map((row) => row.id);
}
