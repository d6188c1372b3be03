import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { contractAssets, contracts, warranties, warrantyAssets } from '../../platform/db/coverageSchema.ts';
import { assets, companies } from '../../platform/db/schema.ts';

export type ContractRow = typeof contracts.$inferSelect;
export type WarrantyRow = typeof warranties.$inferSelect;

/** A contract with its company's name and the assets it covers. */
export interface ContractView {
  row: ContractRow;
  companyName: string;
  assetIds: number[];
}
export interface WarrantyView {
  row: WarrantyRow;
  companyName: string;
  assetIds: number[];
}

/** What a list narrows by; `companyIds` is already cut to the caller's reach (null: every company). */
export interface CoverageFilter {
  companyIds: readonly number[] | null;
  ids?: readonly number[] | undefined;
  assetIds?: readonly number[] | undefined;
}

async function assetIdsByContract(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(contractAssets)
    .where(inArray(contractAssets.contractId, [...ids]))
    .orderBy(asc(contractAssets.assetId));
  for (const row of rows) map.set(row.contractId, [...(map.get(row.contractId) ?? []), row.assetId]);
  return map;
}

async function assetIdsByWarranty(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(warrantyAssets)
    .where(inArray(warrantyAssets.warrantyId, [...ids]))
    .orderBy(asc(warrantyAssets.assetId));
  for (const row of rows) map.set(row.warrantyId, [...(map.get(row.warrantyId) ?? []), row.assetId]);
  return map;
}

export async function findContracts(db: DbOrTx, filter: CoverageFilter): Promise<ContractView[]> {
  if (filter.companyIds?.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    filter.companyIds === null ? undefined : inArray(contracts.companyId, [...filter.companyIds]),
    filter.ids === undefined ? undefined : inArray(contracts.contractId, [...filter.ids, 0]),
  ];
  if (filter.assetIds !== undefined) {
    const linked = db
      .select({ id: contractAssets.contractId })
      .from(contractAssets)
      .where(inArray(contractAssets.assetId, [...filter.assetIds, 0]));
    conditions.push(inArray(contracts.contractId, linked));
  }
  const rows = await db
    .select({ row: contracts, companyName: companies.name })
    .from(contracts)
    .innerJoin(companies, eq(companies.companyId, contracts.companyId))
    .where(and(...conditions))
    .orderBy(desc(contracts.startDate), desc(contracts.contractId));
  const linked = await assetIdsByContract(
    db,
    rows.map(({ row }) => row.contractId),
  );
  return rows.map(({ row, companyName }) => ({
    row,
    companyName,
    assetIds: linked.get(row.contractId) ?? [],
  }));
}

export async function findWarranties(
  db: DbOrTx,
  filter: CoverageFilter,
  page?: { limit: number; offset: number },
): Promise<{ views: WarrantyView[]; total: number }> {
  if (filter.companyIds?.length === 0) return { views: [], total: 0 };
  const conditions: (SQL | undefined)[] = [
    filter.companyIds === null ? undefined : inArray(warranties.companyId, [...filter.companyIds]),
    filter.ids === undefined ? undefined : inArray(warranties.warrantyId, [...filter.ids, 0]),
  ];
  if (filter.assetIds !== undefined) {
    const linked = db
      .select({ id: warrantyAssets.warrantyId })
      .from(warrantyAssets)
      .where(inArray(warrantyAssets.assetId, [...filter.assetIds, 0]));
    conditions.push(inArray(warranties.warrantyId, linked));
  }
  const where = and(...conditions);
  const query = db
    .select({ row: warranties, companyName: companies.name })
    .from(warranties)
    .innerJoin(companies, eq(companies.companyId, warranties.companyId))
    .where(where)
    .orderBy(desc(warranties.startDate), desc(warranties.warrantyId));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const [counted] = page ? await db.select({ n: count() }).from(warranties).where(where) : [];
  const total = counted?.n ?? rows.length;
  const linked = await assetIdsByWarranty(
    db,
    rows.map(({ row }) => row.warrantyId),
  );
  return {
    views: rows.map(({ row, companyName }) => ({
      row,
      companyName,
      assetIds: linked.get(row.warrantyId) ?? [],
    })),
    total,
  };
}

/** The ids (of those given) that are live assets of the company: the others are refused by the caller. */
export async function companyAssetIds(
  db: DbOrTx,
  companyId: number,
  assetIds: readonly number[],
): Promise<Set<number>> {
  if (assetIds.length === 0) return new Set();
  const rows = await db
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(
      and(
        inArray(assets.assetId, [...assetIds]),
        eq(assets.companyId, companyId),
        eq(assets.isDeleted, false),
      ),
    );
  return new Set(rows.map((row) => row.assetId));
}

export async function replaceContractAssets(db: DbOrTx, contractId: number, assetIds: readonly number[]) {
  await db.delete(contractAssets).where(eq(contractAssets.contractId, contractId));
  if (assetIds.length > 0)
    await db.insert(contractAssets).values(assetIds.map((assetId) => ({ contractId, assetId })));
}

export async function replaceWarrantyAssets(db: DbOrTx, warrantyId: number, assetIds: readonly number[]) {
  await db.delete(warrantyAssets).where(eq(warrantyAssets.warrantyId, warrantyId));
  if (assetIds.length > 0)
    await db.insert(warrantyAssets).values(assetIds.map((assetId) => ({ warrantyId, assetId })));
}

/** The contracts and warranties linked to any of the assets, with the asset each link names. */
export async function coverageLinksOf(db: DbOrTx, assetIds: readonly number[]) {
  if (assetIds.length === 0) return { contractLinks: [], warrantyLinks: [] };
  const contractLinks = await db
    .select({ assetId: contractAssets.assetId, contract: contracts })
    .from(contractAssets)
    .innerJoin(contracts, eq(contracts.contractId, contractAssets.contractId))
    .where(inArray(contractAssets.assetId, [...assetIds]));
  const warrantyLinks = await db
    .select({ assetId: warrantyAssets.assetId, warranty: warranties })
    .from(warrantyAssets)
    .innerJoin(warranties, eq(warranties.warrantyId, warrantyAssets.warrantyId))
    .where(inArray(warrantyAssets.assetId, [...assetIds]));
  return { contractLinks, warrantyLinks };
}
