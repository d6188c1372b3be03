import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { CompanyScope } from '../../http/authorize.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { companies, users } from '../../platform/db/schema.ts';
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

const people = z.array(z.object({ userId: z.coerce.number(), name: z.string() }));
const namedAssets = z.array(z.object({ assetId: z.coerce.number(), name: z.string() }));
// json_agg of no rows is null: an entry without assets, or (never) without technicians.
const jsonList = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value): unknown => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])), schema);
const peopleOf = jsonList(people);
const assetsOf = jsonList(namedAssets);

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
 * Entries with their company, ticket, creator, technicians and assets in one statement (the lists and the
 * calendar feed read thousands: no query per entry). A limited caller is named only the assets their groups reach.
 */
export async function findSchedules(db: DbOrTx, query: ScheduleQuery): Promise<ScheduleView[]> {
  const assetFilter =
    query.groupsOfUserId === null
      ? sql``
      : sql`and ${inAccessGroupsOf(query.groupsOfUserId, sql`sa.asset_id`)}`;
  const rows = await db
    .select({
      row: schedules,
      companyName: companies.name,
      ticketTitle: tickets.title,
      ticketVisibility: tickets.visibility,
      createdByName: users.name,
      resources: sql<unknown>`(select json_agg(json_build_object('userId', u.user_id, 'name', u.name)
          order by u.name, u.user_id)
        from schedule_resources sr join users u on u.user_id = sr.user_id
        where sr.schedule_id = ${schedules.scheduleId})`,
      assets: sql<unknown>`(select json_agg(json_build_object('assetId', a.asset_id, 'name', coalesce(a.name, ''))
          order by a.name, a.asset_id)
        from schedule_assets sa join assets a on a.asset_id = sa.asset_id
        where sa.schedule_id = ${schedules.scheduleId} ${assetFilter})`,
    })
    .from(schedules)
    .innerJoin(companies, eq(companies.companyId, schedules.companyId))
    .leftJoin(tickets, eq(tickets.ticketId, schedules.ticketId))
    .leftJoin(users, eq(users.userId, schedules.createdBy))
    .where(and(...conditionsOf(query)))
    .orderBy(asc(schedules.startsAt), asc(schedules.scheduleId))
    .limit(query.limit ?? 100_000);
  return rows.map((row) => ({
    ...row,
    resources: peopleOf.parse(row.resources),
    assets: assetsOf.parse(row.assets),
  }));
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
