import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission, scopeIncludes } from '../../http/authorize.ts';
import { badRequest, forbidden, notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { assets, assetTypes } from '../../platform/db/schema.ts';
import { assetVisibility, canSeeAsset } from '../access/assetAccess.ts';
import { assetNameProperty, assetNameSql, PROBLEMS_READ } from '../problems/problemAccess.ts';
import type { ProblemRow } from '../problems/problemPresenter.ts';

export const TICKETS_WRITE = 'tickets:write';
export const ONE_COMPANY_ONLY =
  'The problems belong to more than one company: a ticket holds the problems of one company. Choose problems of one company.';

/** A problem with its asset's display name, for titles, descriptions and audit entries. */
export type NamedProblem = ProblemRow & { assetName: string };

/**
 * Locks problems for a move to or from a ticket and checks the caller may read each (detectedProblems:read on its
 * asset): a missing problem and another company's (or, for an external user, one outside their access groups) are
 * the same 404 naming it. Locked in id order, as the problems module locks them, so that no two calls deadlock.
 */
export async function lockReadableProblems(
  tx: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
): Promise<NamedProblem[]> {
  const visibility = await assetVisibility(tx, auth, PROBLEMS_READ);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(detectedProblems)
    .where(inArray(detectedProblems.detectedProblemId, unique))
    .orderBy(asc(detectedProblems.detectedProblemId))
    .for('update');
  const byId = new Map(rows.map((row) => [row.detectedProblemId, row]));
  for (const id of unique) {
    const row = byId.get(id);
    if (!row || !canSeeAsset(visibility, row)) throw notFound(`Detected problem ${id} not found.`);
  }
  const names = await assetNames(
    tx,
    rows.map((row) => row.assetId),
  );
  return rows.map((row) => ({ ...row, assetName: names.get(row.assetId) ?? `Asset ${row.assetId}` }));
}

async function assetNames(db: DbOrTx, assetIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ assetId: assets.assetId, name: assetNameSql })
    .from(assets)
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(
      assetNameProperty,
      and(eq(assetNameProperty.assetId, assets.assetId), eq(assetNameProperty.name, 'name')),
    )
    .where(inArray(assets.assetId, [...new Set(assetIds)]));
  return new Map(rows.map((row) => [row.assetId, row.name]));
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
