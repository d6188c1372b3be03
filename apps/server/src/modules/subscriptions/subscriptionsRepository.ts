import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, companies } from '../../platform/db/schema.ts';
import { accessGroupAssetsQuery } from '../access/assetAccess.ts';

/** The assets a plan applies to: units and make-up-air units (sites, halls and agents are not subscribed). */
export const SUBSCRIBED_ASSET_TYPES: readonly number[] = [ASSET_TYPE.unit, ASSET_TYPE.makeUpAirUnit];

/** Which companies and units a caller reaches: null companies means every one; userId limits to access groups. */
export interface SubscriptionReach {
  companyIds: number[] | null;
  accessGroupsOf: number | null;
}

/** A unit's plan: its own, else its company's. */
const effectivePlan = sql<string>`coalesce(${assets.subscription}, ${companies.subscription})`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function companyConditions(reach: SubscriptionReach): SQL[] {
  const conditions: SQL[] = [eq(companies.isDeleted, false)];
  if (reach.companyIds) conditions.push(inArray(companies.companyId, reach.companyIds));
  return conditions;
}

function unitConditions(reach: SubscriptionReach): SQL[] {
  const conditions: SQL[] = [
    ...companyConditions(reach),
    eq(assets.isDeleted, false),
    inArray(assets.assetTypeId, [...SUBSCRIBED_ASSET_TYPES]),
  ];
  if (reach.accessGroupsOf !== null) {
    conditions.push(sql`${assets.assetId} in (${accessGroupAssetsQuery(reach.accessGroupsOf)})`);
  }
  return conditions;
}

export async function countCompaniesByPlan(db: DbOrTx, reach: SubscriptionReach) {
  return db
    .select({ plan: companies.subscription, n: count() })
    .from(companies)
    .where(and(...companyConditions(reach)))
    .groupBy(companies.subscription);
}

/** Units per effective plan, optionally per company. */
export async function countUnitsByPlan(db: DbOrTx, reach: SubscriptionReach) {
  return db
    .select({ companyId: assets.companyId, plan: effectivePlan, n: count() })
    .from(assets)
    .innerJoin(companies, eq(companies.companyId, assets.companyId))
    .where(and(...unitConditions(reach)))
    .groupBy(assets.companyId, effectivePlan);
}

export interface CompanyPageQuery {
  search?: string | undefined;
  plan?: string | undefined;
  pageSize: number;
  pageNumber: number;
}

export async function pageCompanies(db: DbOrTx, reach: SubscriptionReach, query: CompanyPageQuery) {
  const conditions = companyConditions(reach);
  if (query.search) conditions.push(ilike(companies.name, `%${escapeLike(query.search)}%`));
  if (query.plan) conditions.push(eq(companies.subscription, query.plan));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ companyId: companies.companyId, name: companies.name, plan: companies.subscription })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.companyId))
      .limit(query.pageSize)
      .offset(query.pageSize * query.pageNumber),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function pageUnits(
  db: DbOrTx,
  reach: SubscriptionReach,
  page: { pageSize: number; pageNumber: number },
) {
  const where = and(...unitConditions(reach));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        assetId: assets.assetId,
        companyId: assets.companyId,
        name: assets.name,
        subscription: assets.subscription,
        plan: effectivePlan,
      })
      .from(assets)
      .innerJoin(companies, eq(companies.companyId, assets.companyId))
      .where(where)
      .orderBy(asc(assets.name), asc(assets.assetId))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db
      .select({ n: count() })
      .from(assets)
      .innerJoin(companies, eq(companies.companyId, assets.companyId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Live subscribed units among the ids, locked for the change, with their company's plan. */
export async function lockUnits(db: DbOrTx, assetIds: readonly number[]) {
  return db
    .select({
      assetId: assets.assetId,
      companyId: assets.companyId,
      name: assets.name,
      subscription: assets.subscription,
      companyPlan: companies.subscription,
    })
    .from(assets)
    .innerJoin(companies, eq(companies.companyId, assets.companyId))
    .where(
      and(
        inArray(assets.assetId, [...assetIds]),
        eq(assets.isDeleted, false),
        inArray(assets.assetTypeId, [...SUBSCRIBED_ASSET_TYPES]),
      ),
    )
    .orderBy(asc(assets.assetId))
    .for('update', { of: assets });
}

export async function setUnitsPlan(db: DbOrTx, assetIds: readonly number[], plan: string | null) {
  await db
    .update(assets)
    .set({ subscription: plan, updatedAt: new Date() })
    .where(inArray(assets.assetId, [...assetIds]));
}

export async function setCompanyPlan(db: DbOrTx, companyId: number, plan: string) {
  await db
    .update(companies)
    .set({ subscription: plan, updatedAt: new Date() })
    .where(eq(companies.companyId, companyId));
}
