import type { DbOrTx } from '../../../platform/db/database.ts';
import type { ProblemNotice, ProblemNoticeKind } from '../../notifications/problemNotices.ts';
import { assetNamesById, loadProblems, presentProblems } from '../problemAccess.ts';
import type { EvaluationChanges } from './problemEvaluator.ts';

/** The notices of one evaluation's committed changes: each problem as presented now, with its asset's name. */
export async function problemNoticesOf(
  db: DbOrTx,
  changes: EvaluationChanges,
  now: number,
): Promise<ProblemNotice[]> {
  const kinds: [ProblemNoticeKind, readonly number[]][] = [
    ['OPENED', changes.opened],
    ['ESCALATED', changes.escalated],
    ['RESOLVED', changes.resolved],
  ];
  const ids = kinds.flatMap(([, list]) => list);
  if (ids.length === 0) return [];
  const problems = await presentProblems(db, await loadProblems(db, ids), new Date(now));
  const byId = new Map(problems.map((problem) => [problem.detectedProblemId, problem]));
  const assetIds = [...new Set(problems.map((problem) => problem.assetId))];
  const nameOf = await assetNamesById(db, assetIds);
  return kinds.flatMap(([kind, list]) =>
    list.flatMap((id) => {
      const problem = byId.get(id);
      return problem
        ? [{ kind, problem, assetName: nameOf.get(problem.assetId) ?? `Asset ${problem.assetId}` }]
        : [];
    }),
  );
}
