import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DetectedProblem } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { alerts, detectedProblems } from '../../platform/db/problemsSchema.ts';
import { assetProperties, assets, assetTypes } from '../../platform/db/schema.ts';
import { assetVisibility, canSeeAsset, type AssetVisibility } from '../access/assetAccess.ts';
import { activeMaintenanceAssetIds } from '../maintenance/maintenanceCoverage.ts';
import { toDetectedProblem, type ProblemRow } from './problemPresenter.ts';

export const PROBLEMS_READ = 'detectedProblems:read';
export const PROBLEMS_WRITE = 'detectedProblems:write';

/** An asset's name property, joined on the asset id of the query's table. */
export const assetNameProperty = alias(assetProperties, 'asset_name_property');
/** How the console names an asset: its name property, else its stored name, else its type. */
export const assetNameSql = sql<string>`coalesce(${assetNameProperty.value}, ${assets.name}, ${assetTypes.name})`;

/**
 * The rows a caller may see, as a condition on a table with company and asset columns (problems, automations):
 * their companies and, for an external user, the assets of their access groups.
 */
export function visibleRowsCondition(
  visibility: AssetVisibility,
  columns: { companyId: AnyColumn; assetId: AnyColumn },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (visibility.companies !== 'ALL')
    conditions.push(
      visibility.companies.length === 0 ? sql`false` : inArray(columns.companyId, visibility.companies),
    );
  if (visibility.assetIds !== null)
    conditions.push(
      visibility.assetIds.size === 0 ? sql`false` : inArray(columns.assetId, [...visibility.assetIds]),
    );
  return and(...conditions);
}

export const visibleProblemsCondition = (visibility: AssetVisibility) =>
  visibleRowsCondition(visibility, detectedProblems);

/** Problems in the contract's shape: with their alerts' ids and whether their asset is in maintenance at `now`. */
export async function presentProblems(
  db: DbOrTx,
  rows: readonly ProblemRow[],
  now: Date,
): Promise<DetectedProblem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.detectedProblemId);
  const alertRows = await db
    .select({ alertId: alerts.alertId, problemId: alerts.detectedProblemId })
    .from(alerts)
    .where(inArray(alerts.detectedProblemId, ids))
    .orderBy(asc(alerts.alertId));
  const alertIds = new Map<number, number[]>();
  for (const { alertId, problemId } of alertRows) {
    if (problemId === null) continue;
    const list = alertIds.get(problemId) ?? [];
    list.push(alertId);
    alertIds.set(problemId, list);
  }
  const inMaintenance = await activeMaintenanceAssetIds(
    db,
    rows.map((row) => row.assetId),
    now,
  );
  return rows.map((row) =>
    toDetectedProblem(row, alertIds.get(row.detectedProblemId) ?? [], inMaintenance.has(row.assetId)),
  );
}

/** Problems by id in the order asked, each id once. */
export async function loadProblems(db: DbOrTx, ids: readonly number[]): Promise<ProblemRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(detectedProblems)
    .where(inArray(detectedProblems.detectedProblemId, unique));
  const byId = new Map(rows.map((row) => [row.detectedProblemId, row]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Locks the problems for the rest of the transaction and checks the caller holds `permission` on each: 403 without
 * it at all; a missing problem and another company's (or, for an external user, one outside their access groups)
 * are the same 404 naming it, so ids reveal nothing. Actions on problems ask detectedProblems:write; moving them to
 * or from a ticket asks detectedProblems:read (the ticket's own permission is checked there).
 */
export async function lockProblems(
  tx: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
  permission: typeof PROBLEMS_READ | typeof PROBLEMS_WRITE,
): Promise<ProblemRow[]> {
  const visibility = await assetVisibility(tx, auth, permission);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  // Locked in id order, so that two bulk calls over the same problems cannot deadlock.
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
  return rows;
}

/** The assets' names as the console shows them (name property, stored name, type), by asset id. */
export async function assetNamesById(db: DbOrTx, assetIds: readonly number[]): Promise<Map<number, string>> {
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
