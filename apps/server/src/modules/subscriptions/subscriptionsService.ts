import {
  subscriptionPlans,
  subscriptionPlanSchema,
  type BodyOf,
  type CompanySubscription,
  type OutputOf,
  type SubscriptionPlan,
  type subscriptionsEndpoints,
  type UnitSubscription,
} from '@kelvin/contract';
import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, isExternal, requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { forbidden, notFound } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { limitedByAccessGroups } from '../access/assetAccess.ts';
import { loadWritableCompany } from '../companies/companiesService.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  countCompaniesByPlan,
  countUnitsByPlan,
  lockUnits,
  pageCompanies,
  pageUnits,
  setCompanyPlan,
  setUnitsPlan,
  type SubscriptionReach,
} from './subscriptionsRepository.ts';

type Endpoints = typeof subscriptionsEndpoints;

/** Reading plans is reading the fleet: whoever sees a company's units sees their plans. */
const READ = 'assets:read';
export const UNIT_NOT_FOUND = 'Unit not found.';
export const STAFF_ONLY = "Only the provider's staff change subscriptions.";

// A stored plan outside today's four (an old value) reads as the base plan, as the company presenter does.
const planOf = (value: string): SubscriptionPlan =>
  subscriptionPlanSchema.catch('OBSERVABILITY').parse(value);

function readReach(auth: AuthContext, companyId?: number): SubscriptionReach {
  requirePermission(auth, READ);
  const scope = companyScope(auth, READ);
  let companyIds = scope === 'ALL' ? null : scope;
  if (companyId !== undefined) companyIds = (companyIds ?? [companyId]).filter((id) => id === companyId);
  return { companyIds, accessGroupsOf: limitedByAccessGroups(auth) ? auth.user.userId : null };
}

/** Customers' people read their plans; only the provider's own staff change them, whatever else they may write. */
function requireStaff(auth: AuthContext): void {
  if (isExternal(auth) || auth.user.companyId !== PROVIDER_COMPANY_ID) throw forbidden(STAFF_ONLY);
}

const emptyByPlan = (): Record<SubscriptionPlan, number> => ({
  OBSERVABILITY: 0,
  ENHANCED_MONITORING_AND_DIAGNOSTICS: 0,
  ENHANCED_SUPPORT: 0,
  SERVICE_CONTRACT: 0,
});

export async function subscriptionsSummary(
  db: Db,
  auth: AuthContext,
): Promise<OutputOf<Endpoints['subscriptionsSummary']>> {
  const reach = readReach(auth);
  const [companyCounts, unitCounts] = await Promise.all([
    countCompaniesByPlan(db, reach),
    countUnitsByPlan(db, reach),
  ]);
  const companiesOn = emptyByPlan();
  const unitsOn = emptyByPlan();
  for (const row of companyCounts) companiesOn[planOf(row.plan)] += row.n;
  for (const row of unitCounts) unitsOn[planOf(row.plan)] += row.n;
  return {
    plans: subscriptionPlans.map((plan) => ({ plan, companies: companiesOn[plan], units: unitsOn[plan] })),
  };
}

async function withUnitCounts(
  db: Db,
  reach: SubscriptionReach,
  rows: readonly { companyId: number; name: string; plan: string }[],
): Promise<CompanySubscription[]> {
  if (rows.length === 0) return [];
  const counts = await countUnitsByPlan(db, { ...reach, companyIds: rows.map((row) => row.companyId) });
  return rows.map((row) => {
    const unitsByPlan = emptyByPlan();
    for (const count of counts)
      if (count.companyId === row.companyId) unitsByPlan[planOf(count.plan)] += count.n;
    const unitCount = Object.values(unitsByPlan).reduce((sum, n) => sum + n, 0);
    return { companyId: row.companyId, name: row.name, plan: planOf(row.plan), unitCount, unitsByPlan };
  });
}

export async function listCompanySubscriptions(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['subscriptionsCompaniesList']>,
): Promise<OutputOf<Endpoints['subscriptionsCompaniesList']>> {
  const reach = readReach(auth);
  const { pageSize, pageNumber } = body.pageableQuery;
  const page = await pageCompanies(db, reach, { search: body.search, plan: body.plan, pageSize, pageNumber });
  return {
    content: await withUnitCounts(db, reach, page.rows),
    pageable: { totalSize: page.total, pageSize, pageNumber },
  };
}

export async function setCompanySubscription(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['subscriptionsCompaniesSet']>,
): Promise<CompanySubscription> {
  requireStaff(auth);
  const company = await db.transaction(async (tx) => {
    const before = await loadWritableCompany(tx, auth, body.companyId, 'update');
    if (before.subscription === body.subscription) return before;
    await setCompanyPlan(tx, body.companyId, body.subscription);
    await recordEvent(tx, {
      name: 'companies.update',
      actorUserId: auth.user.userId,
      companyId: body.companyId,
      subjectType: 'company',
      subjectId: body.companyId,
      data: { changes: { subscription: { from: before.subscription, to: body.subscription } } },
    });
    return { ...before, subscription: body.subscription };
  });
  const [answer] = await withUnitCounts(db, readReach(auth), [
    { companyId: company.companyId, name: company.name, plan: company.subscription },
  ]);
  if (!answer) throw notFound('Company not found.');
  return answer;
}

export async function listUnitSubscriptions(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['subscriptionsAssetsList']>,
): Promise<OutputOf<Endpoints['subscriptionsAssetsList']>> {
  const reach = readReach(auth, body.companyId);
  const { pageSize, pageNumber } = body.pageableQuery;
  const page = await pageUnits(db, reach, { pageSize, pageNumber });
  return {
    content: page.rows.map((row) => presentUnit({ ...row, companyPlan: row.plan })),
    pageable: { totalSize: page.total, pageSize, pageNumber },
  };
}

function presentUnit(row: {
  assetId: number;
  companyId: number;
  name: string | null;
  subscription: string | null;
  companyPlan: string;
}): UnitSubscription {
  const own = row.subscription === null ? null : planOf(row.subscription);
  return {
    assetId: row.assetId,
    companyId: row.companyId,
    name: row.name ?? `Unit ${row.assetId}`,
    subscription: own,
    plan: own ?? planOf(row.companyPlan),
  };
}

/**
 * Sets many units' plan in one transaction, all or none: a unit that is missing, deleted, not a unit, or of a
 * company the caller's assets:write does not reach is refused as not found, so others' units do not show.
 */
export async function setUnitSubscriptions(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['subscriptionsAssetsSet']>,
): Promise<OutputOf<Endpoints['subscriptionsAssetsSet']>> {
  requirePermission(auth, 'assets:write');
  requireStaff(auth);
  const assetIds = [...new Set(body.assetIds)];
  const content = await db.transaction(async (tx) => {
    const rows = await lockUnits(tx, assetIds);
    if (rows.length !== assetIds.length) throw notFound(UNIT_NOT_FOUND);
    const byCompany = new Map<number, typeof rows>();
    for (const row of rows) {
      requireCompanyAccess(auth, 'assets:write', row.companyId, UNIT_NOT_FOUND);
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    }
    const changed = rows.filter((row) => row.subscription !== body.subscription);
    if (changed.length > 0)
      await setUnitsPlan(
        tx,
        changed.map((row) => row.assetId),
        body.subscription,
      );
    // One audit entry per company: who moved which of its units from which plan to which.
    for (const [companyId, units] of byCompany) {
      const moved = units.filter((row) => row.subscription !== body.subscription);
      if (moved.length === 0) continue;
      await recordEvent(tx, {
        name: 'subscriptions.assets.set',
        actorUserId: auth.user.userId,
        companyId,
        subjectType: 'company',
        subjectId: companyId,
        data: {
          subscription: body.subscription,
          assets: moved.map((row) => ({ assetId: row.assetId, from: row.subscription })),
        },
      });
    }
    return rows.map((row) => presentUnit({ ...row, subscription: body.subscription }));
  });
  return { content };
}
