import { eq } from 'drizzle-orm';
import type { DetectedProblem } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { Db } from '../../platform/db/database.ts';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { loadProblems, lockProblems, PROBLEMS_WRITE, presentProblems } from './problemAccess.ts';
import type { ProblemRow } from './problemPresenter.ts';

type ProblemChange = Partial<typeof detectedProblems.$inferInsert>;

/** One of the four person actions: when it changes a problem, and how. */
interface ProblemAction {
  verb: 'acknowledge' | 'unacknowledge' | 'mute' | 'unmute';
  /** False when the problem is already as the action would leave it: nothing is written or audited. */
  applies: (row: ProblemRow) => boolean;
  change: (row: ProblemRow, userId: number, now: Date) => ProblemChange;
}

const ACTIONS: Readonly<Record<ProblemAction['verb'], ProblemAction>> = {
  acknowledge: {
    verb: 'acknowledge',
    applies: (row) => row.acknowledgedAt === null,
    change: (_row, userId, now) => ({
      acknowledgedBy: userId,
      acknowledgedAt: now,
      acknowledgedByAutomationId: null,
    }),
  },
  unacknowledge: {
    verb: 'unacknowledge',
    applies: (row) => row.acknowledgedAt !== null,
    change: () => ({ acknowledgedBy: null, acknowledgedAt: null, acknowledgedByAutomationId: null }),
  },
  mute: {
    verb: 'mute',
    applies: (row) => !row.currentlyMuted,
    // The first mute is kept across unmute and mute again: the spec's firstMutedAt and lastMutedAt.
    change: (row, userId, now) => ({
      mutedBy: userId,
      firstMutedAt: row.firstMutedAt ?? now,
      lastMutedAt: now,
      currentlyMuted: true,
      mutedByAutomationId: null,
    }),
  },
  unmute: {
    verb: 'unmute',
    applies: (row) => row.currentlyMuted,
    change: () => ({ currentlyMuted: false }),
  },
};

/**
 * Applies a person action to problems, all or none: detectedProblems:write on each problem's company (another
 * company's problem, or a missing one, is a 404 naming it). A problem already as asked stays as it is, with its
 * earlier who and when: repeating a call changes nothing and records nothing. Each change is audited on the
 * problem's asset in the same transaction.
 */
async function actOnProblems(
  db: Db,
  now: Date,
  auth: AuthContext,
  detectedProblemIds: readonly number[],
  action: ProblemAction,
): Promise<DetectedProblem[]> {
  const userId = auth.user.userId;
  await db.transaction(async (tx) => {
    const rows = await lockProblems(tx, auth, detectedProblemIds, PROBLEMS_WRITE);
    for (const row of rows) {
      if (!action.applies(row)) continue;
      await tx
        .update(detectedProblems)
        .set({ ...action.change(row, userId, now), updatedAt: now })
        .where(eq(detectedProblems.detectedProblemId, row.detectedProblemId));
      await recordEvent(tx, {
        name: `detectedProblems.${action.verb}`,
        actorUserId: userId,
        companyId: row.companyId,
        subjectType: 'asset',
        subjectId: row.assetId,
        data: { detectedProblemId: row.detectedProblemId, name: row.name },
      });
    }
  });
  return presentProblems(db, await loadProblems(db, detectedProblemIds), now);
}

export const acknowledgeProblems = (db: Db, now: Date, auth: AuthContext, ids: readonly number[]) =>
  actOnProblems(db, now, auth, ids, ACTIONS.acknowledge);
export const unacknowledgeProblems = (db: Db, now: Date, auth: AuthContext, ids: readonly number[]) =>
  actOnProblems(db, now, auth, ids, ACTIONS.unacknowledge);
export const muteProblems = (db: Db, now: Date, auth: AuthContext, ids: readonly number[]) =>
  actOnProblems(db, now, auth, ids, ACTIONS.mute);
export const unmuteProblems = (db: Db, now: Date, auth: AuthContext, ids: readonly number[]) =>
  actOnProblems(db, now, auth, ids, ACTIONS.unmute);
