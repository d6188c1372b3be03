import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { MaintenanceWindowState, PageableQuery } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetMaintenanceWindows as windows } from '../../platform/db/maintenanceSchema.ts';
import { assetProperties, assets, assetTypes, users } from '../../platform/db/schema.ts';

export type WindowRow = typeof windows.$inferSelect;
export type WindowInsert = typeof windows.$inferInsert;

/** A window with what the console shows beside it: the asset's name and type, who created and who canceled it. */
export interface WindowView {
  window: WindowRow;
  assetName: string;
  assetTypeId: number;
  creatorName: string;
  cancelerName: string | null;
}

const creator = alias(users, 'creator');
const canceler = alias(users, 'canceler');
const nameProperty = alias(assetProperties, 'name_property');
/** The asset's name property, else its stored name, else its type: how the console names an asset. */
const assetName = sql<string>`coalesce(${nameProperty.value}, ${assets.name}, ${assetTypes.name})`;

function viewQuery(db: DbOrTx) {
  return db
    .select({
      window: windows,
      assetName,
      assetTypeId: assets.assetTypeId,
      creatorName: creator.name,
      cancelerName: canceler.name,
    })
    .from(windows)
    .innerJoin(assets, eq(assets.assetId, windows.assetId))
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(nameProperty, and(eq(nameProperty.assetId, windows.assetId), eq(nameProperty.name, 'name')))
    .innerJoin(creator, eq(creator.userId, windows.createdBy))
    .leftJoin(canceler, eq(canceler.userId, windows.canceledBy));
}

export async function insertWindow(db: DbOrTx, values: WindowInsert): Promise<WindowRow> {
  const [row] = await db.insert(windows).values(values).returning();
  if (!row) throw new Error('maintenance window insert returned nothing');
  return row;
}

/** Windows by id, locked for the rest of the transaction so that an edit and a cancel cannot cross. */
export async function lockWindows(db: DbOrTx, ids: readonly number[]): Promise<WindowRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(windows)
    .where(inArray(windows.assetMaintenanceWindowId, [...ids]))
    .for('update');
}

export async function updateWindow(
  db: DbOrTx,
  id: number,
  values: Pick<WindowInsert, 'description' | 'startsAt' | 'endsAt' | 'timeZoneId'> & { updatedAt: Date },
): Promise<void> {
  await db.update(windows).set(values).where(eq(windows.assetMaintenanceWindowId, id));
}

export async function cancelWindow(
  db: DbOrTx,
  id: number,
  cancel: { cancelReason: string; canceledBy: number; canceledAt: Date },
): Promise<void> {
  await db
    .update(windows)
    .set({ ...cancel, updatedAt: cancel.canceledAt })
    .where(eq(windows.assetMaintenanceWindowId, id));
}

export async function findWindowViews(db: DbOrTx, ids: readonly number[]): Promise<WindowView[]> {
  if (ids.length === 0) return [];
  return viewQuery(db)
    .where(inArray(windows.assetMaintenanceWindowId, [...ids]))
    .orderBy(asc(windows.assetMaintenanceWindowId));
}

/** The condition of each state at `now`; the same rule as maintenanceWindowState in the domain. */
function stateCondition(state: MaintenanceWindowState, now: Date): SQL | undefined {
  const live = isNull(windows.canceledAt);
  switch (state) {
    case 'CANCELED':
      return isNotNull(windows.canceledAt);
    case 'PAST':
      return and(live, lte(windows.endsAt, now));
    case 'ACTIVE':
      return and(live, lte(windows.startsAt, now), gt(windows.endsAt, now));
    case 'UPCOMING':
      return and(live, gt(windows.startsAt, now));
  }
}

/** 0 ACTIVE, 1 UPCOMING, 2 PAST, 3 CANCELED: the default order, and the order of a sort by state. */
function stateRank(now: Date): SQL<number> {
  return sql<number>`case
    when ${windows.canceledAt} is not null then 3
    when ${windows.endsAt} <= ${now} then 2
    when ${windows.startsAt} <= ${now} then 0
    else 1 end`;
}

export interface WindowListFilter {
  /** null: every company. */
  companyIds: readonly number[] | null;
  /** null: every asset of those companies. */
  assetIds: readonly number[] | null;
  states?: readonly MaintenanceWindowState[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  text?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function listWhere(filter: WindowListFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyIds) conditions.push(inArray(windows.companyId, [...filter.companyIds]));
  if (filter.assetIds) conditions.push(inArray(windows.assetId, [...filter.assetIds]));
  if (filter.states && filter.states.length > 0)
    conditions.push(or(...filter.states.map((state) => stateCondition(state, now))));
  if (filter.from) conditions.push(gt(windows.endsAt, filter.from));
  if (filter.to) conditions.push(lte(windows.startsAt, filter.to));
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text)}%`;
    conditions.push(
      or(
        sql`${windows.description} ilike ${pattern}`,
        sql`${assetName} ilike ${pattern}`,
        sql`${windows.cancelReason} ilike ${pattern}`,
        sql`${creator.name} ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

function sortColumn(property: string, now: Date): SQL | AnyColumn {
  switch (property) {
    case 'timeWindow.to':
      return windows.endsAt;
    case 'assetName':
      return assetName;
    case 'description':
      return windows.description;
    case 'state':
      return stateRank(now);
    case 'createdAt':
      return windows.createdAt;
    default:
      return windows.startsAt;
  }
}

/**
 * One page of windows. Unsorted: active first, then upcoming soonest first, then past and canceled newest first,
 * so what matters now is on the first page.
 */
export async function listWindowViews(
  db: DbOrTx,
  filter: WindowListFilter,
  page: PageableQuery,
  now: Date,
): Promise<{ rows: WindowView[]; totalSize: number }> {
  if (filter.companyIds?.length === 0 || filter.assetIds?.length === 0) return { rows: [], totalSize: 0 };
  const where = listWhere(filter, now);
  const order =
    page.sort.length > 0
      ? page.sort.map(({ property, direction }) =>
          direction === 'ASC' ? asc(sortColumn(property, now)) : desc(sortColumn(property, now)),
        )
      : [
          asc(stateRank(now)),
          asc(
            sql`case when ${windows.startsAt} > ${now} and ${windows.canceledAt} is null then ${windows.startsAt} end`,
          ),
          desc(windows.startsAt),
        ];
  const rows = await viewQuery(db)
    .where(where)
    .orderBy(...order, desc(windows.assetMaintenanceWindowId))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  const [total] = await db
    .select({ n: count() })
    .from(windows)
    .innerJoin(assets, eq(assets.assetId, windows.assetId))
    .innerJoin(assetTypes, eq(assetTypes.assetTypeId, assets.assetTypeId))
    .leftJoin(nameProperty, and(eq(nameProperty.assetId, windows.assetId), eq(nameProperty.name, 'name')))
    .innerJoin(creator, eq(creator.userId, windows.createdBy))
    .where(where);
  return { rows, totalSize: total?.n ?? 0 };
}

/** The assets that have a window open at `now` (not canceled, started, not ended). Few at any moment. */
export async function assetsWithActiveWindow(db: DbOrTx, now: Date): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ assetId: windows.assetId })
    .from(windows)
    .where(and(isNull(windows.canceledAt), lte(windows.startsAt, now), gt(windows.endsAt, now)));
  return new Set(rows.map((row) => row.assetId));
}

const idRows = z.object({ rows: z.array(z.object({ asset_id: z.coerce.number() })) });

/** The given assets and every asset beneath them (deleted ones left out). */
export async function subtreeIds(db: DbOrTx, assetIds: readonly number[]): Promise<number[]> {
  if (assetIds.length === 0) return [];
  const result: unknown = await db.execute(sql`
    with recursive subtree(asset_id) as (
      select asset_id from assets where asset_id in (${sql.join(
        assetIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      union
      select a.asset_id from assets a join subtree s on a.parent_asset_id = s.asset_id where not a.is_deleted
    )
    select asset_id from subtree`);
  return idRows.parse(result).rows.map((row) => row.asset_id);
}
