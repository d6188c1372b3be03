import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetProperties, assets, assetTypeProperties, assetTypes } from '../../platform/db/schema.ts';

export type AssetRow = typeof assets.$inferSelect;
export type AssetInsert = typeof assets.$inferInsert;
export type AssetPropertyRow = typeof assetProperties.$inferSelect;

/** Filters of `GET assets`; the caller's visibility is applied on top by the service. */
export interface AssetFilter {
  assetIds?: number[] | undefined;
  companyIds?: number[] | undefined;
  assetTypeIds?: number[] | undefined;
  parentAssetIds?: number[] | undefined;
  includeDeleted?: boolean | undefined;
}

/**
 * A live asset. `lock` takes a row lock for the rest of the transaction: 'update' before deleting it, 'share'
 * on a parent before adding or moving a child under it, so a delete and a child insert cannot both commit.
 */
export async function findAsset(
  db: DbOrTx,
  assetId: number,
  lock?: 'update' | 'share',
): Promise<AssetRow | undefined> {
  const query = db
    .select()
    .from(assets)
    .where(and(eq(assets.assetId, assetId), eq(assets.isDeleted, false)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function listAssets(db: DbOrTx, filter: AssetFilter): Promise<AssetRow[]> {
  const conditions: SQL[] = [];
  if (filter.assetIds) conditions.push(inArray(assets.assetId, filter.assetIds));
  if (filter.companyIds) conditions.push(inArray(assets.companyId, filter.companyIds));
  if (filter.assetTypeIds) conditions.push(inArray(assets.assetTypeId, filter.assetTypeIds));
  if (filter.parentAssetIds) conditions.push(inArray(assets.parentAssetId, filter.parentAssetIds));
  if (!filter.includeDeleted) conditions.push(eq(assets.isDeleted, false));
  // An empty id list matches nothing; drizzle renders `in ()` as false, which is what we want.
  return db
    .select()
    .from(assets)
    .where(and(...conditions))
    .orderBy(asc(assets.companyId), asc(assets.assetId));
}

export async function countChildren(db: DbOrTx, assetId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.parentAssetId, assetId), eq(assets.isDeleted, false)));
  return row?.n ?? 0;
}

const chainRows = z.object({
  rows: z.array(
    z.object({
      asset_id: z.coerce.number(),
      parent_asset_id: z.coerce.number().nullable(),
      asset_type_id: z.coerce.number(),
    }),
  ),
});

export interface ChainLink {
  assetId: number;
  parentAssetId: number | null;
  assetTypeId: number;
}

/**
 * The given assets and every asset above them, as links (id, parent, type). One recursive query serves the
 * building/datahall lookup of a whole list, the parents call and the move's cycle check.
 */
export async function chainsUpFrom(db: DbOrTx, assetIds: readonly number[]): Promise<Map<number, ChainLink>> {
  const links = new Map<number, ChainLink>();
  if (assetIds.length === 0) return links;
  const result: unknown = await db.execute(sql`
    with recursive chain(asset_id, parent_asset_id, asset_type_id) as (
      select asset_id, parent_asset_id, asset_type_id from assets
       where asset_id in (${sql.join(
         assetIds.map((id) => sql`${id}`),
         sql`, `,
       )})
      union
      select a.asset_id, a.parent_asset_id, a.asset_type_id from assets a join chain c on a.asset_id = c.parent_asset_id
    )
    select asset_id, parent_asset_id, asset_type_id from chain`);
  for (const row of chainRows.parse(result).rows) {
    links.set(row.asset_id, {
      assetId: row.asset_id,
      parentAssetId: row.parent_asset_id,
      assetTypeId: row.asset_type_id,
    });
  }
  return links;
}

/** The ids above an asset, nearest first, read from links loaded by chainsUpFrom. Stops on a broken or cyclic chain. */
export function ancestorIds(links: ReadonlyMap<number, ChainLink>, assetId: number): number[] {
  const ids: number[] = [];
  const seen = new Set([assetId]);
  let parentId = links.get(assetId)?.parentAssetId ?? null;
  while (parentId !== null && !seen.has(parentId)) {
    ids.push(parentId);
    seen.add(parentId);
    parentId = links.get(parentId)?.parentAssetId ?? null;
  }
  return ids;
}

export async function propertiesOf(
  db: DbOrTx,
  assetIds: readonly number[],
): Promise<Map<number, AssetPropertyRow[]>> {
  const byAsset = new Map<number, AssetPropertyRow[]>();
  if (assetIds.length === 0) return byAsset;
  const rows = await db
    .select()
    .from(assetProperties)
    .where(inArray(assetProperties.assetId, [...assetIds]))
    .orderBy(asc(assetProperties.assetId), asc(assetProperties.displayOrder), asc(assetProperties.name));
  for (const row of rows) {
    const list = byAsset.get(row.assetId) ?? [];
    list.push(row);
    byAsset.set(row.assetId, list);
  }
  return byAsset;
}

export async function insertAsset(db: DbOrTx, values: AssetInsert): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  if (!row) throw new Error('The asset was not created.');
  return row;
}

export async function updateAsset(
  db: DbOrTx,
  assetId: number,
  values: Partial<Omit<AssetInsert, 'assetId' | 'createdAt'>>,
): Promise<AssetRow> {
  const [row] = await db
    .update(assets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assets.assetId, assetId))
    .returning();
  if (!row) throw new Error(`Asset ${assetId} vanished during the update.`);
  return row;
}

/** Replaces the whole property set; run it inside the caller's transaction so that readers see old or new. */
export async function replaceProperties(
  db: DbOrTx,
  assetId: number,
  properties: readonly { name: string; value: string; displayOrder: number }[],
): Promise<void> {
  await db.delete(assetProperties).where(eq(assetProperties.assetId, assetId));
  if (properties.length > 0) {
    await db.insert(assetProperties).values(properties.map((property) => ({ assetId, ...property })));
  }
}

/** Sets one property, keeping its place when it exists and putting it first otherwise. */
export async function upsertProperty(
  db: DbOrTx,
  assetId: number,
  name: string,
  value: string,
): Promise<void> {
  await db
    .insert(assetProperties)
    .values({ assetId, name, value, displayOrder: 0 })
    .onConflictDoUpdate({ target: [assetProperties.assetId, assetProperties.name], set: { value } });
}

export async function deleteProperty(db: DbOrTx, assetId: number, name: string): Promise<void> {
  await db
    .delete(assetProperties)
    .where(and(eq(assetProperties.assetId, assetId), eq(assetProperties.name, name)));
}

export async function listAssetTypes(db: DbOrTx) {
  return db.select().from(assetTypes).orderBy(asc(assetTypes.assetTypeId));
}

export async function assetTypeNames(db: DbOrTx): Promise<Map<number, string>> {
  return new Map((await listAssetTypes(db)).map((type) => [type.assetTypeId, type.name]));
}

export async function findAssetType(db: DbOrTx, assetTypeId: number) {
  const [row] = await db.select().from(assetTypes).where(eq(assetTypes.assetTypeId, assetTypeId));
  return row;
}

export async function listAssetTypeProperties(db: DbOrTx, assetTypeId: number) {
  return db
    .select()
    .from(assetTypeProperties)
    .where(eq(assetTypeProperties.assetTypeId, assetTypeId))
    .orderBy(asc(assetTypeProperties.displayOrder), asc(assetTypeProperties.name));
}
