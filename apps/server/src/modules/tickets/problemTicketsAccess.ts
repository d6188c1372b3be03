import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission, scopeIncludes } from '../../http/authorize.ts';
import { badRequest, forbidden } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetNamesById, lockProblems, PROBLEMS_READ } from '../problems/problemAccess.ts';
import type { ProblemRow } from '../problems/problemPresenter.ts';

export const TICKETS_WRITE = 'tickets:write';
export const ONE_COMPANY_ONLY =
  'The problems belong to more than one company: a ticket holds the problems of one company. Choose problems of one company.';

/** A problem with its asset's display name, for titles, descriptions and audit entries. */
export type NamedProblem = ProblemRow & { assetName: string };

/**
 * Locks problems for a move to or from a ticket and checks the caller may read each (detectedProblems:read on its
 * asset): a missing problem and another company's (or, for an external user, one outside their access groups) are
 * the same 404 naming it. The problems module's own lock (in id order), so that a move and a problem action over
 * the same problems cannot deadlock.
 */
export async function lockReadableProblems(
  tx: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
): Promise<NamedProblem[]> {
  const rows = await lockProblems(tx, auth, ids, PROBLEMS_READ);
  const names = await assetNamesById(
    tx,
    rows.map((row) => row.assetId),
  );
  return rows.map((row) => ({ ...row, assetName: names.get(row.assetId) ?? `Asset ${row.assetId}` }));
}

/** The one company of the problems: a ticket holds one company's problems (400 otherwise). */
export function companyOf(problems: readonly ProblemRow[]): number {
  const companies = new Set(problems.map((problem) => problem.companyId));
  const [companyId] = companies;
  if (companies.size !== 1 || companyId === undefined) throw badRequest(ONE_COMPANY_ONLY);
  return companyId;
}

/** tickets:write on the company: 403 without it (the caller may see the problems, so nothing is hidden). */
export function requireTicketsWrite(auth: AuthContext, companyId: number): void {
  requirePermission(auth, TICKETS_WRITE);
  if (!scopeIncludes(companyScope(auth, TICKETS_WRITE), companyId)) {
    throw forbidden("You need the tickets:write permission on the problems' company.");
  }
}
