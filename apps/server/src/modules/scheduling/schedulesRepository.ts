import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CompanyScope } from '../../http/authorize.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assets, companies, users } from '../../platform/db/schema.ts';
import { scheduleAssets, scheduleResources, schedules } from '../../platform/db/schedulingSchema.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import { inAccessGroupsOf } from '../tickets/ticketAccess.ts';

export type ScheduleRow = typeof schedules.$inferSelect;

/** What a query of entries asks for; every part is optional but the companies. */
export interface ScheduleQuery {
  companies: CompanyScope;
  groupsOfUserId: number | null;
  ids?: readonly number[];
  /** Entries overlapping [from, to). */
  from?: Date;
  to?: Date;
  resourceIds?: readonly number[];
  types?: readonly string[];
  confirmed?: 'ALL' | 'CONFIRMED' | 'UNCONFIRMED';
  ticketAssociation?: 'ALL' | 'WITH_TICKETS' | 'WITHOUT_TICKETS';
  limit?: number;
}

export interface ScheduleView {
  row: ScheduleRow;
  companyName: string;
  ticketTitle: string | null;
  ticketVisibility: string | null;
  createdByName: string | null;
  resources: { userId: number; name: string }[];
  assets: { assetId: number; name: string }[];
}

/** The access rule as SQL over a schedules row: company scope, and an asset in the groups of a limited caller. */
export function scheduleAccessCondition(query: Pick<ScheduleQuery, 'companies' | 'groupsOfUserId'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.companies !== 'ALL') {
    conditions.push(
      query.companies.length === 0 ? sql`false` : inArray(schedules.companyId, [...query.companies]),
    );
  }
  if (query.groupsOfUserId !== null) {
    conditions.push(sql`exists (select 1 from schedule_assets sa_access
      where sa_access.schedule_id = ${schedules.scheduleId}
        and ${inAccessGroupsOf(query.groupsOfUserId, sql`sa_access.asset_id`)})`);
  }
  return conditions;
}

function conditionsOf(query: ScheduleQuery): SQL[] {
  const conditions = scheduleAccessCondition(query);
  if (query.ids) conditions.push(inArray(schedules.scheduleId, [...query.ids]));
  if (query.from) conditions.push(gt(schedules.endsAt, query.from));
  if (query.to) conditions.push(lt(schedules.startsAt, query.to));
  if (query.types && query.types.length > 0) conditions.push(inArray(schedules.type, [...query.types]));
  if (query.confirmed === 'CONFIRMED') conditions.push(eq(schedules.confirmed, true));
  if (query.confirmed === 'UNCONFIRMED') conditions.push(eq(schedules.confirmed, false));
  if (query.ticketAssociation === 'WITH_TICKETS') conditions.push(sql`${schedules.ticketId} is not null`);
  if (query.ticketAssociation === 'WITHOUT_TICKETS') conditions.push(sql`${schedules.ticketId} is null`);
  if (query.resourceIds && query.resourceIds.length > 0) {
    const wanted = sql.join(
      query.resourceIds.map((id) => sql`${id}`),
      sql`, `,
    );
    conditions.push(sql`exists (select 1 from schedule_resources sr_filter
      where sr_filter.schedule_id = ${schedules.scheduleId} and sr_filter.user_id in (${wanted}))`);
  }
  return conditions;
}

/**
 * Entries with their company, ticket, creator, technicians and assets in three statements whatever their number
 * (the lists and the calendar feed read thousands: no query per entry, nor a subquery per row, which cost PGlite
 * twice the time). A limited caller is named only the assets their groups reach.
 */
export async function findSchedules(db: DbOrTx, query: ScheduleQuery): Promise<ScheduleView[]> {
  const rows = await db
    .select({
      row: schedules,
      companyName: companies.name,
      ticketTitle: tickets.title,
      ticketVisibility: tickets.visibility,
      createdByName: users.name,
    })
    .from(schedules)
    .innerJoin(companies, eq(companies.companyId, schedules.companyId))
    .leftJoin(tickets, eq(tickets.ticketId, schedules.ticketId))
    .leftJoin(users, eq(users.userId, schedules.createdBy))
    .where(and(...conditionsOf(query)))
    .orderBy(asc(schedules.startsAt), asc(schedules.scheduleId))
    .limit(query.limit ?? 100_000);
  if (rows.length === 0) return [];
  // One array parameter, not a parameter per id: ten thousand entries stay one short statement.
  const ids = sql`${`{${rows.map(({ row }) => row.scheduleId).join(',')}}`}::int[]`;
  const people = await db
    .select({ scheduleId: scheduleResources.scheduleId, userId: users.userId, name: users.name })
    .from(scheduleResources)
    .innerJoin(users, eq(users.userId, scheduleResources.userId))
    .where(sql`${scheduleResources.scheduleId} = any(${ids})`)
    .orderBy(asc(users.name), asc(users.userId));
  const things = await db
    .select({ scheduleId: scheduleAssets.scheduleId, assetId: assets.assetId, name: assets.name })
    .from(scheduleAssets)
    .innerJoin(assets, eq(assets.assetId, scheduleAssets.assetId))
    .where(
      and(
        sql`${scheduleAssets.scheduleId} = any(${ids})`,
        query.groupsOfUserId === null
          ? undefined
          : inAccessGroupsOf(query.groupsOfUserId, scheduleAssets.assetId),
      ),
    )
    .orderBy(asc(assets.name), asc(assets.assetId));
  const resourcesOf = groupBy(people, (person) => ({ userId: person.userId, name: person.name }));
  const assetsOf = groupBy(things, (asset) => ({ assetId: asset.assetId, name: asset.name ?? '' }));
  return rows.map((row) => ({
    ...row,
    resources: resourcesOf.get(row.row.scheduleId) ?? [],
    assets: assetsOf.get(row.row.scheduleId) ?? [],
  }));
}

function groupBy<R extends { scheduleId: number }, T>(
  rows: readonly R[],
  shape: (row: R) => T,
): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.scheduleId);
    if (group) group.push(shape(row));
    else groups.set(row.scheduleId, [shape(row)]);
  }
  return groups;
}

export async function replaceScheduleResources(tx: DbOrTx, scheduleId: number, userIds: readonly number[]) {
  await tx.delete(scheduleResources).where(eq(scheduleResources.scheduleId, scheduleId));
  const unique = [...new Set(userIds)];
  if (unique.length > 0)
    await tx.insert(scheduleResources).values(unique.map((userId) => ({ scheduleId, userId })));
}

export async function replaceScheduleAssets(tx: DbOrTx, scheduleId: number, assetIds: readonly number[]) {
  await tx.delete(scheduleAssets).where(eq(scheduleAssets.scheduleId, scheduleId));
  const unique = [...new Set(assetIds)];
  if (unique.length > 0)
    await tx.insert(scheduleAssets).values(unique.map((assetId) => ({ scheduleId, assetId })));
}

export async function scheduleResourceIds(db: DbOrTx, scheduleId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: scheduleResources.userId })
    .from(scheduleResources)
    .where(eq(scheduleResources.scheduleId, scheduleId))
    .orderBy(scheduleResources.userId);
  return rows.map((row) => row.userId);
}

export async function scheduleAssetIds(db: DbOrTx, scheduleId: number): Promise<number[]> {
  const rows = await db
    .select({ assetId: scheduleAssets.assetId })
    .from(scheduleAssets)
    .where(eq(scheduleAssets.scheduleId, scheduleId))
    .orderBy(scheduleAssets.assetId);
  return rows.map((row) => row.assetId);
}
